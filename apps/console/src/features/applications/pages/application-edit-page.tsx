import { useParams } from 'react-router';
import { BackButton } from '@/components/detail-page';
import { EditForbiddenState } from '@/components/ui/edit-forbidden-state';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useApplication } from '../api/get-application';
import { ApplicationEditForm } from '../components/application-edit-form';
import { ApplicationFallback } from '../components/application-fallback';

export default function ApplicationEditPage() {
  const { id = '' } = useParams();
  const application = useApplication(id);

  if (application.isPending) {
    return (
      <div className="mx-auto max-w-3xl space-y-4" data-testid="loading">
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-48 w-full" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  }
  if (!application.data) {
    return <ApplicationFallback query={application} />;
  }
  if (!application.data.permissions.canWrite) {
    return (
      <EditForbiddenState
        description="Você pode ver esta aplicação, mas não alterá-la."
        backHref={paths.applications.detail.getHref(id)}
      />
    );
  }
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <BackButton to={paths.applications.detail.getHref(id)} />
      <PageHeader title="Editar Aplicação" description={application.data.name} />
      <ApplicationEditForm application={application.data} />
    </div>
  );
}
