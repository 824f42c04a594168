import type { Page } from '@playwright/test';
import type { Api } from '../support/api';
import { expect, test } from '../support/fixtures';
import { readJsonValue } from '../support/reads';

/** Picks `option` in the Radix select labelled `label`. */
async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

const toast = (page: Page, title: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: title }).first();

type Created = { id: string; name: string };

/** An application with a route, two event types, two fields and an IMMEDIATE event, made through the API. */
async function createAutomation(api: Api) {
  const suffix = Date.now().toString(36);
  const { data: application } = await api.post<{ data: Created }>('/applications', {
    name: `Atendimento ${suffix}`,
  });
  const { data: route } = await api.post<{ data: Created }>('/routes', {
    name: `WhatsApp ${suffix}`,
    endpoint: `/webhooks/whatsapp-${suffix}`,
    applicationId: application.id,
  });
  const { data: textType } = await api.post<{ data: Created }>('/route-event-types', {
    routeId: route.id,
    name: 'Texto recebido',
    alias: 'message.text.received',
  });
  const { data: imageType } = await api.post<{ data: Created }>('/route-event-types', {
    routeId: route.id,
    name: 'Imagem recebida',
    alias: 'message.image.received',
  });
  const { data: otherRoute } = await api.post<{ data: Created }>('/routes', {
    name: `Telegram ${suffix}`,
    endpoint: `/webhooks/telegram-${suffix}`,
    applicationId: application.id,
  });
  await api.post('/route-fields', {
    routeId: route.id,
    name: 'Texto',
    type: 'string',
    path: 'data.message.text',
  });
  await api.post('/route-fields', {
    routeId: route.id,
    name: 'Remetente',
    type: 'string',
    path: 'data.from',
  });
  const { data: event } = await api.post<{ data: Created }>('/events', {
    applicationId: application.id,
    name: 'Saudação detectada',
    alias: `saudacao.${suffix}`,
  });
  return { application, route, otherRoute, textType, imageType, event };
}

async function createRule(
  api: Api,
  setup: Awaited<ReturnType<typeof createAutomation>>,
  input: { name: string; eventId?: string | null; routeEventTypeId?: string | null },
) {
  const { data: rule } = await api.post<{ data: Created }>('/event-rules', {
    name: input.name,
    applicationId: setup.application.id,
    routeId: setup.route.id,
    routeEventTypeId: input.routeEventTypeId === undefined ? setup.textType.id : input.routeEventTypeId,
    eventId: input.eventId ?? null,
    conditions: {
      type: 'message.text.received',
      logic: 'AND',
      rules: [
        { field: 'data.message.text', operator: 'CONTAINS_ANY', values: ['olá', 'oi'], caseSensitive: false },
      ],
    },
  });
  return rule;
}

test.describe('Automação', () => {
  test.describe.configure({ timeout: 120_000 });

  test('When an operator builds a route, then its event type and field screens create, show, edit and delete them', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    const { data: application } = await api.post<{ data: Created }>('/applications', {
      name: `Loja ${Date.now().toString(36)}`,
    });
    await loginAsAdmin(page);

    await page.goto('/routes/new');
    await expect(page.getByTestId('next-steps')).toContainText('Crie tipos de evento');
    await expect(page.getByRole('combobox', { name: 'Método' })).toContainText('POST');
    await page.getByRole('button', { name: 'Criar Rota' }).click();
    await expect(page.getByText('Nome é obrigatório')).toBeVisible();
    await expect(page.getByText('Endpoint é obrigatório')).toBeVisible();
    await expect(page.getByText('Aplicação é obrigatória')).toBeVisible();
    await page.getByLabel('Nome', { exact: true }).fill('Pedidos');
    await page.getByLabel('Endpoint').fill('pedidos');
    await choose(page, 'Aplicação', application.name);
    await page.getByRole('button', { name: 'Criar Rota' }).click();
    await expect(page.getByText('Endpoint deve começar com / e não ter espaços')).toBeVisible();
    await page.getByLabel('Endpoint').fill('/webhooks/pedidos');
    await page.getByRole('button', { name: 'Criar Rota' }).click();
    await expect(toast(page, 'Rota criada')).toBeVisible();
    await expect(page).toHaveURL(/\/routes\/[0-9a-f-]{36}$/);
    const routeUrl = page.url();
    await expect(page.getByRole('heading', { name: 'Pedidos' })).toBeVisible();

    // Event type: created from the quick action, shown with no linked rules, then deleted.
    await page.getByRole('link', { name: 'Novo Tipo de Evento' }).first().click();
    await page.getByLabel('Nome', { exact: true }).fill('Pedido criado');
    await page.getByLabel('Alias').fill('Pedido Criado');
    await page.getByRole('button', { name: 'Criar Tipo de Evento' }).click();
    await expect(page.getByText(/Alias deve ter palavras minúsculas/)).toBeVisible();
    await page.getByLabel('Alias').fill('order.created');
    await page.getByRole('button', { name: 'Criar Tipo de Evento' }).click();
    await expect(toast(page, 'Tipo de evento criado')).toBeVisible();
    await expect(page).toHaveURL(/\/event-types\/[0-9a-f-]{36}$/);
    await expect(page.getByText('order.created').first()).toBeVisible();
    await expect(page.getByTestId('event-type-rules')).toContainText('Nenhuma regra vinculada');
    const eventTypeUrl = page.url();

    // Field: created, listed on the route, edited.
    await page.goto(routeUrl);
    await page.getByRole('link', { name: 'Novo Campo' }).first().click();
    await expect(page.getByRole('combobox', { name: 'Tipo' })).toContainText('string');
    await page.getByLabel('Nome', { exact: true }).fill('Total');
    await page.getByLabel('Caminho').fill('data.order.total');
    await choose(page, 'Tipo', /number/);
    await page.getByRole('button', { name: 'Criar Campo' }).click();
    await expect(toast(page, 'Campo criado')).toBeVisible();
    await expect(page).toHaveURL(routeUrl);
    await page.getByRole('tab', { name: /Campos/ }).click();
    const fields = page.getByTestId('route-fields');
    await expect(fields).toContainText('data.order.total');
    await expect(fields).toContainText('number');
    await fields.getByRole('link', { name: 'Editar campo' }).click();
    await expect(page.getByLabel('Caminho')).toHaveValue('data.order.total');
    await page.getByLabel('Nome', { exact: true }).fill('Valor total');
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await expect(toast(page, 'Campo atualizado')).toBeVisible();
    await page.getByRole('tab', { name: /Campos/ }).click();
    await expect(page.getByTestId('route-fields')).toContainText('Valor total');
    await page.getByRole('tab', { name: /Tipos de Evento/ }).click();
    await expect(page.getByTestId('route-event-types')).toContainText('order.created');

    // Route edit.
    await page.getByRole('link', { name: 'Editar', exact: true }).click();
    await expect(page.getByLabel('Endpoint')).toHaveValue('/webhooks/pedidos');
    await page.getByLabel('Descrição').fill('Pedidos da loja virtual');
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await expect(toast(page, 'Rota atualizada')).toBeVisible();
    await expect(page).toHaveURL(routeUrl);

    // The list: card with method, endpoint, status, description, application and counts; filters.
    await page.goto('/routes');
    const card = page.getByTestId('route-card').filter({ hasText: 'Pedidos' });
    await expect(card).toContainText('POST');
    await expect(card).toContainText('/webhooks/pedidos');
    await expect(card).toContainText('Ativa');
    await expect(card).toContainText('Pedidos da loja virtual');
    await expect(card).toContainText(application.name);
    await expect(card).toContainText(/1\s*Tipos de evento/);
    await expect(card).toContainText(/1\s*Campos/);
    await page.getByLabel('Buscar rotas').fill('nada-assim');
    await expect(page.getByText('Nenhuma rota encontrada')).toBeVisible();
    await page.getByLabel('Buscar rotas').fill('loja virtual');
    await expect(card).toBeVisible();

    // Deleting the event type keeps the route; deleting the route asks first, then removes it.
    await page.goto(eventTypeUrl);
    await page.getByRole('button', { name: 'Deletar tipo de evento' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Deletar' }).click();
    await expect(toast(page, 'Tipo de evento deletado')).toBeVisible();
    await expect(page).toHaveURL(routeUrl);
    await page.goto(eventTypeUrl);
    await expect(page.getByText('Tipo de evento não encontrado')).toBeVisible();

    await page.goto('/routes');
    await card.getByRole('button', { name: 'Deletar rota' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Nenhuma regra será removida.');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: 'Deletar rota' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Deletar' }).click();
    await expect(toast(page, 'Rota deletada')).toBeVisible();
    await expect(card).toHaveCount(0);
    await page.goto(routeUrl);
    await expect(page.getByText('Rota não encontrada')).toBeVisible();
  });

  test('When a read-only member opens routes, event types and fields, then no edit, delete or create action shows', async ({
    page,
    api,
    loginAs,
  }) => {
    const setup = await createAutomation(api);
    const reader = await api.createUser();
    await api.post(`/applications/${setup.application.id}/members`, { email: reader.email, canRead: true });
    const fields = await api.get<{ data: Created[] }>(`/route-fields?routeId=${setup.route.id}`);
    const field = fields.data[0];
    if (!field) throw new Error('the route has no field');
    await loginAs(page, reader.email, reader.password);

    await page.goto('/routes');
    const card = page.getByTestId('route-card').filter({ hasText: setup.route.name });
    await expect(card.getByRole('link', { name: 'Ver rota' })).toBeVisible();
    await expect(card.getByRole('link', { name: 'Editar rota' })).toHaveCount(0);
    await expect(card.getByRole('button', { name: 'Deletar rota' })).toHaveCount(0);

    await card.getByRole('link', { name: 'Ver rota' }).click();
    await expect(page.getByRole('heading', { name: setup.route.name })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Editar', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Deletar rota' })).toHaveCount(0);
    await expect(page.getByText('Ações Rápidas')).toHaveCount(0);
    await page.getByRole('tab', { name: /Tipos de Evento/ }).click();
    await expect(page.getByTestId('route-event-types')).toContainText('message.text.received');
    await expect(page.getByRole('link', { name: 'Novo Tipo de Evento' })).toHaveCount(0);
    await page.getByRole('tab', { name: /Campos/ }).click();
    await expect(page.getByTestId('route-fields')).toContainText('data.message.text');
    await expect(page.getByRole('link', { name: 'Editar campo' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Novo Campo' })).toHaveCount(0);

    await page.goto(`/routes/${setup.route.id}/event-types/${setup.textType.id}`);
    await expect(page.getByTestId('event-type-rules')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Deletar tipo de evento' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Nova Regra' })).toHaveCount(0);

    await page.goto(`/routes/${setup.route.id}/edit`);
    await expect(page.getByText('Sem permissão para editar')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Salvar Alterações' })).toHaveCount(0);
    await page.goto(`/routes/${setup.route.id}/fields/${field.id}/edit`);
    await expect(page.getByText('Sem permissão para editar')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Salvar Alterações' })).toHaveCount(0);
  });

  test('When the rule form is filled, then it validates, edits conditions, and ends on the success screen', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    const setup = await createAutomation(api);
    await loginAsAdmin(page);

    await page.goto('/event-rules/new');
    await expect(page.getByRole('combobox', { name: 'Tipo de evento' })).toBeDisabled();
    await page.getByRole('button', { name: 'Criar Regra' }).click();
    await expect(toast(page, 'Nome obrigatório')).toContainText('Por favor, insira um nome para a regra.');
    await expect(page.locator('#name-error')).toHaveText('Por favor, insira um nome para a regra.');
    await page.getByLabel('Nome', { exact: true }).fill('Saudação');
    await page.getByRole('button', { name: 'Criar Regra' }).click();
    await expect(toast(page, 'Aplicação obrigatória')).toContainText('Por favor, selecione uma aplicação.');

    // The route sets the application and unlocks the event type, whose alias becomes the condition type.
    await choose(page, 'Rota', new RegExp(setup.route.name));
    await expect(page.getByTestId('rule-application')).toHaveText(setup.application.name);
    await choose(page, 'Tipo de evento', /Imagem recebida/);
    await choose(page, 'Rota', new RegExp(setup.otherRoute.name));
    await expect(page.getByRole('combobox', { name: 'Tipo de evento' })).toContainText(
      'Selecione um tipo de evento',
    );
    await choose(page, 'Rota', new RegExp(setup.route.name));
    await choose(page, 'Tipo de evento', /Texto recebido/);
    await expect(page.getByRole('combobox', { name: 'Tipo de evento' })).toContainText(
      'message.text.received',
    );
    await expect(page.getByRole('combobox', { name: 'Lógica' })).toContainText('AND');
    await expect(page.getByRole('switch', { name: 'Ativa' })).toBeChecked();
    await page.getByRole('button', { name: 'Criar Regra' }).click();
    await expect(toast(page, 'Condições obrigatórias')).toContainText(
      'Por favor, adicione pelo menos uma condição.',
    );

    // A new condition: first route field, CONTAINS_ANY, case-insensitive; values by Enter and '+'.
    await page.getByRole('button', { name: 'Adicionar Condição' }).click();
    const first = page.getByTestId('condition-1');
    await expect(first.getByRole('combobox', { name: 'Campo da condição 1' })).toContainText(
      'data.message.text',
    );
    await expect(first.getByRole('combobox', { name: 'Operador da condição 1' })).toContainText(
      'Contém algum',
    );
    await expect(first.getByRole('checkbox')).not.toBeChecked();
    await page.getByRole('button', { name: 'Criar Regra' }).click();
    await expect(first).toContainText('Condição 1: adicione pelo menos um valor');
    const value = first.getByRole('textbox', { name: 'Valor da condição 1' });
    await value.fill('  olá  ');
    await value.press('Enter');
    await value.fill('   ');
    await value.press('Enter');
    await value.fill('oi');
    await first.getByRole('button', { name: 'Adicionar valor' }).click();
    await expect(first.getByRole('listitem')).toHaveText(['olá', 'oi']);

    await page.getByRole('button', { name: 'Adicionar Condição' }).click();
    const second = page.getByTestId('condition-2');
    await choose(page, 'Campo da condição 2', /data\.from/);
    await choose(page, 'Operador da condição 2', 'Igual a');
    await second.getByRole('textbox', { name: 'Valor da condição 2' }).fill('5511999999999');
    await second.getByRole('textbox', { name: 'Valor da condição 2' }).press('Enter');
    // Clicked, then awaited: check() would read the box once, right after the click.
    await second.getByRole('checkbox').click();
    await expect(second.getByRole('checkbox')).toBeChecked();
    await choose(page, 'Lógica', /OR/);

    await page.getByRole('button', { name: 'Criar Regra' }).click();
    await expect(toast(page, 'Regra criada')).toBeVisible();
    const created = page.getByTestId('rule-created');
    await expect(created).toContainText('Regra criada com sucesso!');
    // The new rule's code, ready to copy: it posts data that fires the rule.
    await expect(created.getByTestId('code-block')).toContainText('/v1/emit-rules');
    await expect(created.getByRole('combobox', { name: 'Linguagem' })).toContainText('JavaScript');
    await expect(created.getByRole('link', { name: 'Ver Todas as Regras' })).toHaveAttribute(
      'href',
      '/event-rules',
    );
    await created.getByRole('link', { name: 'Ver Detalhes da Regra' }).click();
    await expect(page).toHaveURL(/\/event-rules\/[0-9a-f-]{36}$/);

    const conditions = page.getByTestId('rule-conditions');
    await expect(conditions).toContainText('2 condições (OR)');
    await expect(conditions).toContainText('Contém algum');
    await expect(conditions).toContainText('Igual a');
    await expect(conditions).toContainText('Diferencia maiúsculas');
    await expect(page.getByTestId('no-event-warning')).toBeVisible();

    // The tester runs the same engine in the browser, prefilled with data that fires the rule.
    const tester = page.getByTestId('rule-test');
    await expect
      .poll(() => readJsonValue(tester.getByLabel('Dados de teste (JSON)')))
      .toMatchObject({ eventType: 'message.text.received', applicationId: setup.application.id });
    await tester.getByRole('button', { name: 'Testar Regra' }).click();
    await expect(tester.getByTestId('rule-test-result')).toContainText('A regra corresponde');
    await tester
      .getByLabel('Dados de teste (JSON)')
      .fill(JSON.stringify({ eventType: 'message.text.received', data: { message: { text: 'exemplo' } } }));
    await tester.getByRole('button', { name: 'Testar Regra' }).click();
    await expect(tester.getByTestId('rule-test-result')).toContainText('A regra não corresponde');
    await tester
      .getByLabel('Dados de teste (JSON)')
      .fill(
        JSON.stringify({ eventType: 'message.text.received', data: { message: { text: 'Oi, tudo bem?' } } }),
      );
    await tester.getByRole('button', { name: 'Testar Regra' }).click();
    await expect(tester.getByTestId('rule-test-result')).toContainText('A regra corresponde');
    await expect(tester.getByTestId('rule-test-condition').first()).toHaveAttribute('data-match', 'true');
    await expect(tester.getByTestId('rule-test-condition').nth(1)).toHaveAttribute('data-match', 'false');
    await tester.getByLabel('Dados de teste (JSON)').fill('{ quebrado');
    await tester.getByRole('button', { name: 'Testar Regra' }).click();
    await expect(tester.getByTestId('rule-test-result')).toContainText('Dados inválidos');

    // Edit: the linked-event picker appears; saving returns to the detail.
    await page.getByRole('link', { name: 'Editar', exact: true }).click();
    await expect(page.getByLabel('Nome', { exact: true })).toHaveValue('Saudação');
    await expect(page.getByTestId('condition-1').getByRole('listitem')).toHaveText(['olá', 'oi']);
    await choose(page, 'Evento vinculado', /Saudação detectada/);
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await expect(toast(page, 'Regra atualizada')).toBeVisible();
    await expect(page.getByTestId('linked-event')).toContainText('Saudação detectada');
    await expect(page.getByTestId('no-event-warning')).toHaveCount(0);

    // A link from an event type preselects its route and type.
    await page.goto(`/event-rules/new?routeEventTypeId=${setup.imageType.id}`);
    await expect(page.getByRole('combobox', { name: 'Rota' })).toContainText(setup.route.name);
    await expect(page.getByRole('combobox', { name: 'Tipo de evento' })).toContainText(
      'message.image.received',
    );
    await expect(page.getByTestId('rule-application')).toHaveText(setup.application.name);
  });

  test("When a rule's event type has a schema, then the condition's field offers its data paths no route field names", async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    const setup = await createAutomation(api);
    const { data: orderType } = await api.post<{ data: Created }>('/route-event-types', {
      routeId: setup.route.id,
      name: 'Pedido recebido',
      alias: 'order.received',
      schema: {
        type: 'object',
        properties: {
          message: { type: 'object', properties: { text: { type: 'string' } } },
          pedido: { type: 'integer' },
          cliente: { type: 'object', properties: { email: { type: 'string' } } },
        },
      },
    });
    await loginAsAdmin(page);

    await page.goto(`/event-rules/new?routeEventTypeId=${orderType.id}`);
    await expect(page.getByRole('combobox', { name: 'Tipo de evento' })).toContainText('order.received');
    await page.getByRole('button', { name: 'Adicionar Condição' }).click();
    await page.getByRole('combobox', { name: 'Campo da condição 1' }).click();
    await expect(page.getByRole('option', { name: 'data.pedido (do schema)' })).toBeVisible();
    await expect(page.getByRole('option', { name: 'data.cliente.email (do schema)' })).toBeVisible();
    // A path a route field already names is offered once, as that field.
    await expect(page.getByRole('option', { name: 'Texto (data.message.text)' })).toBeVisible();
    await expect(page.getByRole('option', { name: 'data.message.text (do schema)' })).toHaveCount(0);
    await page.getByRole('option', { name: 'data.cliente.email (do schema)' }).click();
    await expect(page.getByRole('combobox', { name: 'Campo da condição 1' })).toContainText(
      'data.cliente.email',
    );

    // A type without a schema offers the route's fields only.
    await choose(page, 'Tipo de evento', /Texto recebido/);
    await page.getByRole('combobox', { name: 'Campo da condição 1' }).click();
    await expect(page.getByRole('option', { name: /\(do schema\)/ })).toHaveCount(0);
  });

  test('When rules are listed, then counters, filters, the switch, link/unlink and delete behave', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    const setup = await createAutomation(api);
    const linked = await createRule(api, setup, { name: 'Com evento', eventId: setup.event.id });
    const orphan = await createRule(api, setup, { name: 'Órfã', routeEventTypeId: null });
    await loginAsAdmin(page);

    await page.goto('/event-rules');
    await choose(page, 'Filtrar por aplicação', setup.application.name);
    const stat = (label: string) =>
      page
        .getByTestId('stat-card')
        .filter({ hasText: new RegExp(`^${label}`) })
        .locator('p.text-2xl');
    await expect(stat('Total')).toHaveText('2');
    await expect(stat('Ativas')).toHaveText('2');
    await expect(stat('Inativas')).toHaveText('0');
    const row = (name: string) => page.getByRole('row').filter({ hasText: name });
    await expect(row('Com evento')).toContainText('1 condição (AND)');
    await expect(row('Com evento')).toContainText(setup.application.id.slice(-8));
    await expect(row('Órfã')).toContainText('Sem evento');
    await expect(row('Com evento')).not.toContainText('Sem evento');

    // The box follows the URL, which the router updates in a transition: wait for it, not the click.
    const withoutEvent = page.getByLabel('Apenas regras sem evento vinculado');
    await withoutEvent.click();
    await expect(withoutEvent).toBeChecked();
    await expect(row('Com evento')).toHaveCount(0);
    await expect(row('Órfã')).toBeVisible();
    await withoutEvent.click();
    await expect(withoutEvent).not.toBeChecked();
    await expect(row('Com evento')).toBeVisible();

    // The switch flips the rule and the counters follow.
    await row('Órfã').getByRole('switch').click();
    await expect(toast(page, 'Status alterado')).toBeVisible();
    await expect(row('Órfã').getByRole('switch')).not.toBeChecked();
    await expect(stat('Inativas')).toHaveText('1');
    await expect(stat('Ativas')).toHaveText('1');
    await choose(page, 'Filtrar por status', 'Inativas');
    await expect(row('Com evento')).toHaveCount(0);
    await expect(row('Órfã')).toBeVisible();
    await choose(page, 'Filtrar por status', 'Todos os status');

    // Unlink and link again on the detail.
    await page.goto(`/event-rules/${linked.id}`);
    const panel = page.getByTestId('linked-event');
    await expect(panel).toContainText('Saudação detectada');
    await panel.getByRole('button', { name: 'Desvincular Evento' }).click();
    await expect(toast(page, 'Evento desvinculado')).toBeVisible();
    await expect(panel).toContainText('Nenhum evento vinculado');
    await expect(page.getByTestId('no-event-warning')).toBeVisible();
    await choose(page, 'Evento vinculado', /Saudação detectada/);
    await panel.getByRole('button', { name: 'Vincular Evento' }).click();
    await expect(toast(page, 'Evento vinculado')).toBeVisible();
    await expect(panel).toContainText(`saudacao.`);
    await expect(page.getByTestId('no-event-warning')).toHaveCount(0);

    // The detail's toggle and the empty executions tab.
    await page.getByRole('button', { name: 'Desativar', exact: true }).click();
    await expect(toast(page, 'Status alterado')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ativar', exact: true })).toBeVisible();
    await page.getByRole('tab', { name: 'Execuções' }).click();
    await expect(page.getByTestId('rule-executions')).toContainText('Nenhuma execução');
    await page.getByRole('tab', { name: 'Código de Integração' }).click();
    await expect(page.getByTestId('rule-integration-code').getByTestId('code-block')).toContainText(
      'WEBHOOK_MANAGER_API_KEY',
    );

    // Delete asks first, then returns to the list.
    await page.getByRole('tab', { name: 'Visão Geral' }).click();
    await page.getByRole('button', { name: 'Excluir regra' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancelar' }).click();
    await expect(page).toHaveURL(new RegExp(`/event-rules/${linked.id}$`));
    await page.getByRole('button', { name: 'Excluir regra' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Deletar' }).click();
    await expect(toast(page, 'Regra excluída')).toBeVisible();
    await expect(page).toHaveURL(/\/event-rules$/);
    await page.goto(`/event-rules/${linked.id}`);
    await expect(page.getByText('Regra não encontrada')).toBeVisible();
    await page.goto(`/event-rules/${orphan.id}/edit`);
    await expect(page.getByLabel('Nome', { exact: true })).toHaveValue('Órfã');
  });

  test('When data posted to /v1/emit-rules matches, then the Execuções tab and the counters show each execution', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    const setup = await createAutomation(api);
    const linked = await createRule(api, setup, { name: 'Emite saudação', eventId: setup.event.id });
    const orphan = await createRule(api, setup, { name: 'Sem ação' });
    await api.post('/emit-rules', {
      eventType: 'message.text.received',
      applicationId: setup.application.id,
      data: { message: { text: 'Oi!' } },
    });
    for (const rule of [linked, orphan]) {
      await expect
        .poll(
          async () => (await api.get<{ data: unknown[] }>(`/event-rules/${rule.id}/executions`)).data.length,
          {
            timeout: 20_000,
          },
        )
        .toBe(1);
    }
    await loginAsAdmin(page);

    const stat = (label: string) =>
      page
        .getByTestId('rule-executions')
        .getByTestId('stat-card')
        .filter({ hasText: new RegExp(`^${label}`) })
        .locator('p.text-2xl');
    await page.goto(`/event-rules/${linked.id}`);
    await page.getByRole('tab', { name: 'Execuções' }).click();
    await expect(stat('Total')).toHaveText('1');
    await expect(stat('Sucessos')).toHaveText('1');
    await expect(stat('Falhas')).toHaveText('0');
    await expect(stat('Tempo médio')).toHaveText(/^\d+ ms$/);
    const success = page.getByTestId('rule-executions').getByRole('row').nth(1);
    await expect(success).toContainText('Sucesso');
    await expect(success.getByRole('cell').nth(3)).toHaveText('1');

    await page.goto(`/event-rules/${orphan.id}`);
    await page.getByRole('tab', { name: 'Execuções' }).click();
    await expect(stat('Falhas')).toHaveText('1');
    const failure = page.getByTestId('rule-executions').getByRole('row').nth(1);
    await expect(failure).toContainText('Falhou');
    await expect(failure).toContainText('Regra sem evento vinculado');

    await page.goto('/event-rules');
    await choose(page, 'Filtrar por aplicação', setup.application.name);
    await expect(
      page
        .getByTestId('stat-card')
        .filter({ hasText: /^Execuções/ })
        .locator('p.text-2xl'),
    ).toHaveText('2');
    await expect(page.getByRole('row').filter({ hasText: 'Emite saudação' })).toContainText('1');
  });
});
