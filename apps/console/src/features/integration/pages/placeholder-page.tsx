import { PageHeader } from '@/components/ui/page-header';

/** Stands in for the screens of this feature until they are built. */
export default function IntegrationPlaceholderPage() {
  return <PageHeader title="Integração" description="Esta tela ainda está em construção." />;
}
