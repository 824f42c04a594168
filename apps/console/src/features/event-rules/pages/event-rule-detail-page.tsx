import { AlertTriangle, Power } from 'lucide-react';
import { useParams } from 'react-router';
import { DetailPageHeader } from '@/components/detail-page';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { RecordFallback } from '@/components/ui/record-fallback';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { paths } from '@/config/paths';
import { messages } from '@/lib/messages';
import { useEventRule } from '../api/get-event-rule';
import { useRuleRoute } from '../api/get-rule-route';
import { useToggleEventRule } from '../api/toggle-event-rule';
import { DeleteRuleButton } from '../components/delete-rule-button';
import { LinkEventPanel } from '../components/link-event-panel';
import { RuleConditionsCard } from '../components/rule-conditions-card';
import { RuleExecutionsTab } from '../components/rule-executions-tab';
import { RuleIntegrationCode } from '../components/rule-integration-code';
import { RuleInfoCard } from '../components/rule-overview';
import { RuleTestCard } from '../components/rule-test-card';

/** /event-rules/{id}: tabs Visão Geral, Código de Integração and Execuções. */
export default function EventRuleDetailPage() {
  const { id = '' } = useParams();
  const query = useEventRule(id);
  const route = useRuleRoute(query.data?.routeId);
  const toggle = useToggleEventRule();

  if (query.isPending) return <Skeleton className="h-96 w-full" data-testid="page-skeleton" />;
  const rule = query.data;
  if (!rule) {
    return (
      <RecordFallback
        query={query}
        title={messages.ruleNotFound}
        backHref={paths.eventRules.list.getHref()}
      />
    );
  }
  return (
    <div className="grid gap-6">
      <DetailPageHeader
        backHref={paths.eventRules.list.getHref()}
        backLabel="Voltar para regras"
        title={rule.name}
        description={rule.description || undefined}
        permissions={rule.permissions}
        editHref={paths.eventRules.edit.getHref(rule.id)}
        writeActions={
          <Button variant="outline" disabled={toggle.isPending} onClick={() => toggle.mutate(rule.id)}>
            <Power />
            {rule.isActive ? 'Desativar' : 'Ativar'}
          </Button>
        }
        deleteButton={(placement) => <DeleteRuleButton record={rule} {...placement} />}
      />
      {rule.eventId ? null : (
        <Card className="border-warning/50 bg-warning/10 py-3" data-testid="no-event-warning">
          <CardContent className="flex items-center gap-2 text-sm">
            <AlertTriangle className="size-4 shrink-0 text-warning" />
            Esta regra não tem evento vinculado: quando corresponder, nenhum evento será emitido.
          </CardContent>
        </Card>
      )}
      <Tabs defaultValue="overview">
        <TabsList>
          <TabsTrigger value="overview">Visão Geral</TabsTrigger>
          <TabsTrigger value="integration">Código de Integração</TabsTrigger>
          <TabsTrigger value="executions">Execuções</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <div className="grid gap-6 lg:grid-cols-3">
            <div className="grid content-start gap-6 lg:col-span-2">
              <RuleInfoCard rule={rule} />
              <RuleConditionsCard rule={rule} />
              {route.isPending ? (
                <Skeleton className="h-64 w-full" />
              ) : (
                <RuleTestCard
                  rule={rule}
                  fields={route.data?.fields ?? []}
                  samples={
                    route.data?.eventTypes.find((eventType) => eventType.id === rule.routeEventTypeId)
                      ?.examples ?? []
                  }
                />
              )}
            </div>
            <div className="grid content-start gap-6">
              <LinkEventPanel rule={rule} />
            </div>
          </div>
        </TabsContent>
        <TabsContent value="integration">
          <Card>
            <CardContent>
              <RuleIntegrationCode ruleId={rule.id} />
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="executions">
          <RuleExecutionsTab ruleId={rule.id} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
