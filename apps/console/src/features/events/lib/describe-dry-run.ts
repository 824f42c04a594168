import type { TEmitDryRunAnswer, TEmitDryRunSubscription } from '@wm/contracts';
import { messages } from '@/lib/messages';
import { filteredDescription } from '@/lib/test-data';

export type SubscriptionOutcome = {
  subscriptionId: string;
  name: string;
  kind: 'delivered' | 'filtered' | 'skipped';
  title: string;
  description: string;
  failures: TEmitDryRunSubscription['failures'];
  /** What would be sent, when it would be sent. */
  body?: unknown;
};

export type ProcessingOutcome =
  | { kind: 'invalid-data' | 'no-subscriptions' | 'refused'; title: string; description: string }
  | {
      kind: 'processed';
      title: string;
      description: string;
      /** What the event's own state does to the emit. */
      notice: string | null;
      results: SubscriptionOutcome[];
    };

type Named = { id: string; name: string; filters: readonly unknown[] };

/** The server's dry run in the card's words; `subscriptions` name the results. */
export function describeDryRun(
  answer: TEmitDryRunAnswer,
  subscriptions: readonly Named[],
): ProcessingOutcome {
  if (answer.subscriptions.length === 0) {
    return {
      kind: 'no-subscriptions',
      title: 'Nenhuma assinatura',
      description: 'Este evento não possui assinaturas para processar.',
    };
  }
  const byId = new Map(subscriptions.map((subscription) => [subscription.id, subscription]));
  const results = answer.subscriptions.map((result) => describeOne(result, byId.get(result.subscriptionId)));
  return {
    kind: 'processed',
    title: 'Processamento simulado',
    description: `${answer.deliveries} de ${results.length} assinatura(s) receberiam o evento.`,
    notice: answer.notice,
    results,
  };
}

function describeOne(result: TEmitDryRunSubscription, subscription: Named | undefined): SubscriptionOutcome {
  const base = {
    subscriptionId: result.subscriptionId,
    name: subscription?.name ?? result.subscriptionId,
    failures: result.failures,
  };
  if (result.outcome === 'DELIVER') {
    const filterCount = subscription?.filters.length ?? 0;
    return {
      ...base,
      kind: 'delivered',
      title: filterCount > 0 ? messages.filtersPassed : messages.noFilters,
      description:
        filterCount > 0
          ? `${filterCount} filtro(s) aprovado(s); o webhook seria enviado.`
          : 'Sem filtros: o webhook seria enviado.',
      body: result.body,
    };
  }
  if (result.failures.length > 0) {
    return {
      ...base,
      kind: 'filtered',
      title: messages.subscriptionFiltered,
      description: filteredDescription(result.failures.length),
    };
  }
  return {
    ...base,
    kind: 'skipped',
    title: 'Não seria enviado',
    description: result.reason ?? 'O webhook não seria enviado.',
  };
}
