import type { TEventRuleInput } from '@wm/contracts';
import { useParams } from 'react-router';
import { EditRecordPage } from '@/components/edit-record-page';
import { paths } from '@/config/paths';
import { messages } from '@/lib/messages';
import { useEventRule } from '../api/get-event-rule';
import { useUpdateEventRule } from '../api/update-event-rule';
import { RuleForm } from '../components/rule-form';
import { ruleToFormValues } from '../lib/rule-form-values';

/** /event-rules/{id}/edit: on success back to the detail. */
export default function EditEventRulePage() {
  const { id = '' } = useParams();
  const rule = useEventRule(id);
  const update = useUpdateEventRule();

  return (
    <EditRecordPage
      query={rule}
      title="Editar Regra"
      notFoundTitle={messages.ruleNotFound}
      forbiddenDescription="Você pode ver esta regra, mas não alterá-la."
      listHref={paths.eventRules.list.getHref()}
      savedTitle="Regra atualizada"
      errorTitle="Erro ao atualizar regra"
      save={(input: TEventRuleInput) => update.mutateAsync({ id, input })}
      detailHref={paths.eventRules.detail.getHref(id)}
    >
      {(record, submit) => (
        <RuleForm
          variant="edit"
          defaultValues={ruleToFormValues(record)}
          isPending={update.isPending}
          cancelHref={paths.eventRules.detail.getHref(id)}
          onSubmit={submit}
        />
      )}
    </EditRecordPage>
  );
}
