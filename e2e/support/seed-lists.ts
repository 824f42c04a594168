import { expect, type Page } from '@playwright/test';
import type { Api } from './api';
import { QUEUED_WITHOUT_RETRIES, waitForEventLogs } from './seed-event';

type Created = { id: string; name: string };

/** A closed port on 127.0.0.1: every delivery to it fails, so failed rows show their retry actions. */
const DEAD_TARGET = 'http://127.0.0.1:9/webhooks/pedidos/notificacoes-de-pagamento/confirmadas';

/**
 * One row on every list page, with the long values real data has (long names, a long target URL with
 * a query string), made through the API: application, IMMEDIATE and RABBITMQ events, subscriptions,
 * a failed delivery log, a failed event log, a route and a rule, and a second user.
 */
export async function seedEveryList(api: Api) {
  const suffix = Date.now().toString(36);
  const { data: application } = await api.post<{ data: Created }>('/applications', {
    name: `Loja Virtual Nordeste ${suffix}`,
    callbackUrl: `${DEAD_TARGET}/callback?origem=webhook-manager&ambiente=producao`,
  });
  const { data: immediate } = await api.post<{ data: Created }>('/events', {
    applicationId: application.id,
    name: 'Pagamento confirmado pelo gateway',
    alias: `pagamento.confirmado.gateway.${suffix}`,
  });
  const { data: queued } = await api.post<{ data: Created }>('/events', {
    applicationId: application.id,
    name: 'Nota fiscal emitida na fila',
    alias: `nota.fiscal.emitida.${suffix}`,
    ...QUEUED_WITHOUT_RETRIES,
  });
  const longQuery =
    '?cliente=organizacao-de-teste-com-nome-comprido&token=abcdefghijklmnopqrstuvwxyz0123456789';
  const subscriptions: Created[] = [];
  for (const event of [immediate, queued]) {
    const { data: subscription } = await api.post<{ data: Created }>('/subscriptions', {
      eventId: event.id,
      name: `ERP Financeiro da Matriz em São Paulo ${suffix}`,
      targetUrl: `${DEAD_TARGET}${longQuery}`,
      jsonBody: { origem: 'e2e' },
    });
    subscriptions.push(subscription);
  }
  await api.post('/events/emit', {
    eventType: `pagamento.confirmado.gateway.${suffix}`,
    applicationId: application.id,
    data: { pedido: 1 },
  });
  await api.post('/events/emit', {
    eventType: `nota.fiscal.emitida.${suffix}`,
    applicationId: application.id,
    organizationId: 'organizacao-nordeste-0001',
    data: { nota: 1 },
  });
  await waitForEventLogs(api, `eventType=nota.fiscal.emitida.${suffix}&status=FAILED`, 1);

  const { data: route } = await api.post<{ data: Created }>('/routes', {
    name: `WhatsApp Atendimento ${suffix}`,
    endpoint: `/webhooks/whatsapp-atendimento-${suffix}`,
    applicationId: application.id,
  });
  const { data: eventType } = await api.post<{ data: Created }>('/route-event-types', {
    routeId: route.id,
    name: 'Texto recebido',
    alias: 'message.text.received',
  });
  const { data: rule } = await api.post<{ data: Created }>('/event-rules', {
    name: `Saudação de clientes novos ${suffix}`,
    description: 'Dispara o evento de pagamento quando o cliente manda uma saudação',
    applicationId: application.id,
    routeId: route.id,
    routeEventTypeId: eventType.id,
    eventId: immediate.id,
    conditions: {
      type: 'message.text.received',
      logic: 'AND',
      rules: [
        { field: 'data.message.text', operator: 'CONTAINS_ANY', values: ['olá'], caseSensitive: false },
      ],
    },
  });
  await api.createUser({ name: `Operadora de Suporte ${suffix}` });
  return { application, immediate, queued, subscriptions, route, eventType, rule, suffix };
}

/** Every list page of the console: its path and what the first row is on it. */
/** Seeds every list, then signs in: how each test that walks the lists starts. */
export async function seedEveryListAndSignIn(api: Api, signIn: () => Promise<void>) {
  const seeded = await seedEveryList(api);
  await signIn();
  return seeded;
}

export const LIST_PAGES = [
  { name: 'Aplicações', path: '/applications', row: 'tbody tr' },
  { name: 'Eventos', path: '/events', row: 'tbody tr' },
  { name: 'Assinaturas', path: '/subscriptions', row: 'tbody tr' },
  { name: 'Log de Assinaturas', path: '/logs', row: 'tbody tr' },
  { name: 'Log de Eventos', path: '/event-logs', row: 'tbody tr' },
  { name: 'Regras', path: '/event-rules', row: 'tbody tr' },
  { name: 'Rotas', path: '/routes', row: '[data-testid="route-card"]' },
  { name: 'Usuários', path: '/admin', row: 'tbody tr' },
] as const;

/**
 * Opens a list page and answers its first row once the list has loaded: the row is shown and no
 * skeleton row is left (a skeleton has no actions and may be the first row while the data loads).
 */
export async function openFirstRow(page: Page, path: string, row = 'tbody tr') {
  await page.goto(path);
  const first = page.locator(row).first();
  await expect(first, path).toBeVisible();
  await expect(page.getByTestId('skeleton-row'), path).toHaveCount(0);
  return first;
}
