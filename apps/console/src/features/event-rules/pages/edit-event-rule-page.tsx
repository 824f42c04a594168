import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { EditRecordPage } from '@/components/edit-record-page';
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

  return (
    <EditRecordPage
      query={rule}
      title="Editar Regra"
      notFoundTitle={messages.ruleNotFound}
      forbiddenDescription="Você pode ver esta regra, mas não alterá-la."
      listHref={paths.eventRules.list.getHref()}
      detailHref={paths.eventRules.detail.getHref(id)}
    >
      {(record) => (
        <RuleForm
          variant="edit"
          defaultValues={ruleToFormValues(record)}
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
      )}
    </EditRecordPage>
  );
}
