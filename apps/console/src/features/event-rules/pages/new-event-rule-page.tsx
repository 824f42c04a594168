import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '@/components/ui/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { toastError } from '@/lib/api-client';
import { useRouteEventType } from '@/lib/get-route-event-type';
import { useCreateEventRule } from '../api/create-event-rule';
import { RuleCreated } from '../components/rule-created';
import { RuleForm } from '../components/rule-form';
import { newRuleFormValues } from '../lib/rule-form-values';

/** /event-rules/new (`?routeEventTypeId=` preselects route and type); ends on the success screen. */
export default function NewEventRulePage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const creation = useCreateEventRule();
  const [created, setCreated] = useState<{ id: string; name: string } | null>(null);
  const routeEventTypeId = searchParams.get('routeEventTypeId') ?? undefined;
  // An unknown type only means nothing is preselected.
  const eventType = useRouteEventType(routeEventTypeId);

  if (created) return <RuleCreated rule={created} />;
  return (
    <div className="grid gap-6">
      <PageHeader title="Nova Regra" description="Defina condições sobre os dados de uma rota." />
      {routeEventTypeId && eventType.isPending ? (
        <Skeleton className="h-96 w-full" data-testid="page-skeleton" />
      ) : (
        <RuleForm
          variant="create"
          defaultValues={newRuleFormValues(eventType.data)}
          isPending={creation.isPending}
          cancelHref={paths.eventRules.list.getHref()}
          onSubmit={async (input) => {
            try {
              const { data: rule } = await creation.mutateAsync(input);
              toast.success('Regra criada', { description: `A regra "${input.name}" foi criada.` });
              if (rule?.id) setCreated({ id: rule.id, name: rule.name ?? input.name });
              else navigate(paths.eventRules.list.getHref());
            } catch (error) {
              toastError('Erro ao criar regra', error);
            }
          }}
        />
      )}
    </div>
  );
}
