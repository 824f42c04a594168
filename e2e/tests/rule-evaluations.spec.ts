import { expect as pollExpect } from '@playwright/test';
import type { Api } from '../support/api';
import { expect, test } from '../support/fixtures';
import { useReceiver } from '../support/receiver';

type Created = { id: string; name: string };

const receiver = useReceiver(() => ({ status: 200 }));

/** An application with a route (type message.text.received, field data.message.text), an IMMEDIATE event
 * subscribed by the receiver, and a rule firing it when the text contains 'ajuda'. */
async function createRuleSetup(api: Api) {
  const suffix = Date.now().toString(36);
  const { data: application } = await api.post<{ data: Created & { apiKey: string } }>('/applications', {
    name: `Atendimento ${suffix}`,
  });
  const { data: route } = await api.post<{ data: Created }>('/routes', {
    name: `WhatsApp ${suffix}`,
    endpoint: `/webhooks/whatsapp-${suffix}`,
    applicationId: application.id,
  });
  const { data: eventType } = await api.post<{ data: Created }>('/route-event-types', {
    routeId: route.id,
    name: 'Texto recebido',
    alias: 'message.text.received',
  });
  await api.post('/route-fields', {
    routeId: route.id,
    name: 'Texto',
    type: 'string',
    path: 'data.message.text',
  });
  const { data: event } = await api.post<{ data: Created }>('/events', {
    applicationId: application.id,
    name: `Pedido de ajuda ${suffix}`,
    alias: `ajuda.${suffix}`,
  });
  const { data: subscription } = await api.post<{ data: Created }>('/subscriptions', {
    eventId: event.id,
    name: `Central ${suffix}`,
    targetUrl: `${receiver.url}/ajuda`,
    jsonBody: { texto: '#data#' },
  });
  const { data: rule } = await api.post<{ data: Created }>('/event-rules', {
    name: `Quer ajuda ${suffix}`,
    applicationId: application.id,
    routeId: route.id,
    routeEventTypeId: eventType.id,
    eventId: event.id,
    conditions: {
      type: 'message.text.received',
      logic: 'AND',
      rules: [
        { field: 'data.message.text', operator: 'CONTAINS_ANY', values: ['ajuda'], caseSensitive: false },
      ],
    },
  });
  return { application, route, event, subscription, rule };
}

/** Posts to /v1/emit-rules with the application's key; answers the event log once it settled. */
async function emitRules(api: Api, application: { id: string; apiKey: string }, text: string) {
  const { status, body } = await api.call<{ eventLogId: string }>('POST', '/emit-rules', {
    token: null,
    headers: { 'x-api-key': application.apiKey },
    body: { applicationId: application.id, eventType: 'message.text.received', data: { message: { text } } },
  });
  expect(status).toBe(202);
  await pollExpect
    .poll(
      async () =>
        (await api.get<{ data: { status: string } }>(`/rabbitmq/events/${body.eventLogId}`)).data.status,
      {
        timeout: 20_000,
      },
    )
    .toBe('SUCCESS');
  return body.eventLogId;
}

test.describe('Why a rule fired or not', () => {
  test('When an emit matches no rule, then its event log shows each rule and the condition that failed', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    const { application, rule } = await createRuleSetup(api);
    const eventLogId = await emitRules(api, application, 'bom dia');
    await loginAsAdmin(page);
    await page.goto(`/event-logs/${eventLogId}`);
    const card = page.getByTestId('rule-evaluations');
    await expect(card.getByText('Avaliação das regras')).toBeVisible();
    await expect(card).toContainText('0 de 1 regra disparou');
    const evaluated = card.getByTestId('rule-evaluation');
    await expect(evaluated.getByRole('link', { name: rule.name })).toBeVisible();
    await expect(evaluated).toContainText('Não disparou');
    await expect(evaluated.getByTestId('rule-evaluation-condition')).toContainText('data.message.text');
    await expect(evaluated.getByTestId('rule-evaluation-condition')).toContainText('não contém "ajuda"');
  });

  test("When a rule fired, then its execution opens the event log and the emitted event's deliveries", async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    const { application, rule, subscription } = await createRuleSetup(api);
    const eventLogId = await emitRules(api, application, 'preciso de ajuda');
    await loginAsAdmin(page);
    await page.goto(`/event-rules/${rule.id}`);
    await page.getByRole('tab', { name: 'Execuções' }).click();
    const executions = page.getByTestId('rule-executions');
    await executions.getByRole('link', { name: 'Log de evento' }).click();
    await expect(page).toHaveURL(new RegExp(`/event-logs/${eventLogId}$`));
    await expect(page.getByTestId('rule-evaluations')).toContainText('Disparou');

    await page.goBack();
    await page.getByRole('tab', { name: 'Execuções' }).click();
    await executions.getByRole('link', { name: /^Entregas de Pedido de ajuda/ }).click();
    await expect(page).toHaveURL(/\/logs\?occurrenceId=/);
    await expect(page.getByTestId('occurrence-filter')).toContainText('Entregas de uma ocorrência');
    const rows = page.locator('tbody tr');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(subscription.name);
  });

  test("When 'Testar regra' opens, then its data already fires the rule, as the generated code's does", async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    const { rule } = await createRuleSetup(api);
    await loginAsAdmin(page);
    await page.goto(`/event-rules/${rule.id}`);
    const tester = page.getByTestId('rule-test');
    await expect(tester.getByLabel('Dados de teste (JSON)')).toHaveValue(/ajuda/);
    await tester.getByRole('button', { name: 'Testar Regra' }).click();
    await expect(tester.getByTestId('rule-test-result')).toContainText('A regra corresponde');
  });

  test('When a field path or a condition is typed, then the form says paths start at the envelope, with a data. example', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    const { route, rule } = await createRuleSetup(api);
    await loginAsAdmin(page);
    await page.goto(`/routes/${route.id}/fields/new`);
    const hint =
      /O caminho parte do envelope enviado a \/v1\/emit-rules .*os dados enviados ficam em data\. Ex\.: data\.message\.text/;
    await expect(page.getByText(hint)).toBeVisible();
    await page.goto(`/event-rules/${rule.id}/edit`);
    await expect(page.getByTestId('field-path-hint')).toHaveText(hint);
  });

  test("When the generated code says where the key is, then it names the 'API Key' the application screen shows", async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    const { application, rule } = await createRuleSetup(api);
    await loginAsAdmin(page);
    await page.goto(`/event-rules/${rule.id}`);
    await page.getByRole('tab', { name: 'Código de Integração' }).click();
    const code = page.locator('pre').first();
    await expect(code).toContainText("em 'API Key'");
    await expect(code).not.toContainText('Chave de API');
    await page.goto(`/applications/${application.id}`);
    await expect(page.getByText('API Key', { exact: true }).first()).toBeVisible();
  });
});
