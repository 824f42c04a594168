import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { EditForbiddenState } from '@/components/ui/edit-forbidden-state';
import { PageHeader } from '@/components/ui/page-header';
import { RecordFallback } from '@/components/ui/record-fallback';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { toastError } from '@/lib/api-client';
import { messages } from '@/lib/messages';
import { useEventRule } from '../api/get-event-rule';
import { useUpdateEventRule } from '../api/update-event-rule';
import { RuleForm } from '../components/rule-form';
import { ruleToFormValues } from '../lib/rule-form-values';

/** /event-rules/{id}/edit: on success back to the detail. */
export default function EditEventRulePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const rule = useEventRule(id);
  const update = useUpdateEventRule();

  if (rule.isPending) return <Skeleton className="h-96 w-full" data-testid="page-skeleton" />;
  if (!rule.data) {
    return (
      <RecordFallback query={rule} title={messages.ruleNotFound} backHref={paths.eventRules.list.getHref()} />
    );
  }
  if (!rule.data.permissions.canWrite) {
    return (
      <EditForbiddenState
        description="Você pode ver esta regra, mas não alterá-la."
        backHref={paths.eventRules.detail.getHref(id)}
      />
    );
  }
  return (
    <div className="grid gap-6">
      <PageHeader title="Editar Regra" description={rule.data.name} />
      <RuleForm
        variant="edit"
        defaultValues={ruleToFormValues(rule.data)}
        isPending={update.isPending}
        cancelHref={paths.eventRules.detail.getHref(id)}
        onSubmit={async (input) => {
          try {
            await update.mutateAsync({ id, input });
            toast.success('Regra atualizada', { description: messages.saved });
            navigate(paths.eventRules.detail.getHref(id));
          } catch (error) {
            toastError('Erro ao atualizar regra', error);
          }
        }}
      />
    </div>
  );
}
