import { PageHeader } from '@/components/ui/page-header';

/** Stands in for the screens of this feature until they are built. */
export default function DashboardPlaceholderPage() {
  return <PageHeader title="Minhas Aplicações" description="Esta tela ainda está em construção." />;
}
