import { evaluateFilters, type Filter, type FilterFailure, renderDeliveryBody } from '@wm/rules';
import { messages } from '@/lib/messages';
import { filteredDescription, INVALID_TEST_DATA, parseTestInput } from '@/lib/test-data';

export type SimulatedSubscription = {
  id: string;
  name: string;
  /** ACTIVE when absent. Only ACTIVE subscriptions receive; FAILED ones get an IGNORED log. */
  status?: string;
  targetUrl: string | null;
  filters: readonly Filter[];
  jsonBody: unknown;
};

export type SubscriptionOutcome = {
  subscriptionId: string;
  name: string;
  kind: 'delivered' | 'filtered' | 'skipped' | 'no-url' | 'error';
  title: string;
  description: string;
  failures: FilterFailure[];
  /** What would be sent, when it would be sent. */
  body?: unknown;
};

export type ProcessingOutcome =
  | { kind: 'invalid-data' | 'no-subscriptions'; title: string; description: string }
  | {
      kind: 'processed';
      title: string;
      description: string;
      /** What the event's own status would do to a real emit, when it is not ACTIVE. */
      notice?: string;
      results: SubscriptionOutcome[];
    };

type SimulatedEvent = { id: string; name: string; bodyTemplate: unknown; status?: string };

/** Subscriptions the server would not send to, by status, as the simulation says so. */
const SKIPPED: Record<string, { title: string; description: string }> = {
  INACTIVE: {
    title: 'Assinatura inativa',
    description: 'A assinatura está inativa: o webhook não seria enviado.',
  },
  PAUSED: {
    title: 'Assinatura pausada',
    description: 'A assinatura está pausada: o webhook não seria enviado.',
  },
  FAILED: {
    title: 'Assinatura desativada',
    description: 'A assinatura foi desativada por falhas: a entrega seria ignorada até ela voltar a ativa.',
  },
};

const EVENT_NOTICES: Record<string, string> = {
  PAUSED: 'Evento pausado: as entregas seriam aceitas e retidas até o evento voltar a ativo.',
  INACTIVE: 'Evento inativo: uma emissão real seria recusada.',
  FAILED: 'Evento em falha: uma emissão real seria recusada.',
};

function simulateOne(
  event: SimulatedEvent,
  subscription: SimulatedSubscription,
  input: { body: unknown; headers: Record<string, string> },
  timestamp: string,
): SubscriptionOutcome {
  const base = { subscriptionId: subscription.id, name: subscription.name, failures: [] };
  const skipped = SKIPPED[subscription.status ?? 'ACTIVE'];
  if (skipped) return { ...base, kind: 'skipped', ...skipped };
  try {
    if (!subscription.targetUrl) {
      return {
        ...base,
        kind: 'no-url',
        title: 'URL de destino não configurada',
        description: 'Configure a URL de destino da assinatura.',
      };
    }
    const result = evaluateFilters(subscription.filters, input);
    if (!result.match) {
      return {
        ...base,
        kind: 'filtered',
        title: messages.subscriptionFiltered,
        description: filteredDescription(result.failures.length),
        failures: result.failures,
      };
    }
    const { body } = renderDeliveryBody({
      eventId: event.id,
      eventName: event.name,
      timestamp,
      data: input.body,
      bodyTemplate: event.bodyTemplate,
      jsonBody: subscription.jsonBody,
    });
    const hasFilters = subscription.filters.length > 0;
    return {
      ...base,
      kind: 'delivered',
      title: hasFilters ? messages.filtersPassed : messages.noFilters,
      description: hasFilters
        ? `${subscription.filters.length} filtro(s) aprovado(s); o webhook seria enviado.`
        : 'Sem filtros: o webhook seria enviado.',
      body,
    };
  } catch (error) {
    return {
      ...base,
      kind: 'error',
      title: 'Erro desconhecido',
      description: error instanceof Error ? error.message : String(error),
    };
  }
}

/**
 * The event detail's processing test: what an emit with the test data would do
 * for each subscription (filters, target URL, rendered body). Nothing is sent.
 */
export function simulateEventProcessing(
  event: SimulatedEvent,
  subscriptions: readonly SimulatedSubscription[],
  bodyText: string,
  headersText: string,
  timestamp = new Date().toISOString(),
): ProcessingOutcome {
  const input = parseTestInput(bodyText, headersText);
  if (!input) return INVALID_TEST_DATA;
  if (subscriptions.length === 0) {
    return {
      kind: 'no-subscriptions',
      title: 'Nenhuma assinatura',
      description: 'Este evento não possui assinaturas para processar.',
    };
  }
  const results = subscriptions.map((subscription) => simulateOne(event, subscription, input, timestamp));
  const delivered = results.filter((result) => result.kind === 'delivered').length;
  const notice = EVENT_NOTICES[event.status ?? 'ACTIVE'];
  return {
    kind: 'processed',
    title: 'Processamento simulado',
    description: `${delivered} de ${results.length} assinatura(s) receberiam o evento.`,
    ...(notice ? { notice } : {}),
    results,
  };
}
