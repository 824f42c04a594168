import { PageHeader } from '@/components/ui/page-header';

/** Stands in for the screens of this feature until they are built. */
export default function LogsPlaceholderPage() {
  return <PageHeader title="Log de Assinaturas" description="Esta tela ainda está em construção." />;
}
