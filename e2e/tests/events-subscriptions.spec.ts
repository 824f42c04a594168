import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { readJsonValue } from '../support/reads';

/** Picks `option` in the Radix select labelled `label`. */
async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

test.describe('Events and subscriptions', () => {
  test('When an operator builds an event and a filtered subscription, then forms, tests, edits, pages and deletes work and say so in pt-BR', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    test.setTimeout(180_000);
    const suffix = Date.now().toString(36);
    const { data: application } = await api.post<{ data: { id: string; name: string } }>('/applications', {
      name: `Loja ${suffix}`,
    });
    await loginAsAdmin(page);

    // Create: RABBITMQ settings with their defaults, callbacks switch, invalid then valid template.
    await page.goto(`/events/new?applicationId=${application.id}`);
    await expect(page.getByText('Tipos de fila')).toBeVisible();
    await page.getByLabel('Nome', { exact: true }).fill('Pedido pago');
    await page.getByLabel('Alias', { exact: true }).fill(`pedido.pago.${suffix}`);
    await expect(page.getByTestId('queue-settings')).toHaveCount(0);
    await choose(page, 'Tipo de fila', 'RabbitMQ');
    await expect(page.getByLabel('Intervalo entre envios (ms)')).toHaveValue('1000');
    await expect(page.getByLabel('TTL da mensagem (ms)')).toHaveValue('3600000');
    await expect(page.getByLabel('Máximo de tentativas')).toHaveValue('3');
    await expect(page.getByLabel('Prioridade')).toHaveValue('5');
    await page.getByLabel('Intervalo entre envios (ms)').fill('50');

    await page.getByLabel('URL de callback').fill('https://callback.example.com/hook');
    await page.getByRole('switch', { name: 'Habilitar callbacks' }).click();
    await expect(page.getByLabel('URL de callback')).toHaveCount(0);
    await page.getByRole('switch', { name: 'Habilitar callbacks' }).click();
    await expect(page.getByLabel('URL de callback')).toHaveValue('');
    await page.getByRole('switch', { name: 'Habilitar callbacks' }).click();

    await page.getByLabel('Template (JSON)').fill('{"body": {{payload.body}}');
    await page.getByRole('button', { name: 'Criar Evento' }).click();
    await expect(page.getByText('Erro no template')).toBeVisible();
    await expect(
      page.getByRole('alert').filter({ hasText: 'O template do body deve ser um JSON válido.' }),
    ).toBeVisible();
    await expect(page.getByText('Mínimo 100ms')).toBeVisible();
    await page.getByLabel('Intervalo entre envios (ms)').fill('2000');
    await page
      .getByLabel('Template (JSON)')
      .fill('{"body": "{{payload.body}}", "total": "{{payload.order.total}}"}');
    await page.getByRole('button', { name: 'Criar Evento' }).click();
    await expect(page.getByText('Evento criado')).toBeVisible();
    await expect(page).toHaveURL(/\/events\/[0-9a-f-]{36}$/);
    const eventId = page.url().split('/').pop() as string;
    const queue = page.getByTestId('queue-settings');
    await expect(queue).toContainText('2000 ms');
    await expect(queue).toContainText('60 min');

    // The event's quick action opens the subscription form with the event preselected.
    await page.getByRole('link', { name: 'Criar Assinatura' }).click();
    await expect(page).toHaveURL(new RegExp(`/subscriptions/new\\?eventId=${eventId}$`));
    await expect(page.getByRole('combobox', { name: 'Evento' })).toContainText('Pedido pago');
    await expect(page.getByRole('combobox', { name: 'Método HTTP' })).toContainText('POST');
    await expect(page.getByRole('combobox', { name: 'Autenticação' })).toContainText('Nenhuma');
    await expect(page.getByTestId('placeholders')).toContainText('#eventId#');
    // A placeholder button keeps the default body valid JSON: a new property, not text after the brace.
    await page.getByTestId('placeholders').getByRole('button', { name: '#data#' }).click();
    await expect.poll(() => readJsonValue(page.getByLabel('JSON Body'))).toMatchObject({ data: '#data#' });
    await page.getByLabel('Nome', { exact: true }).fill('ERP financeiro');
    await page.getByLabel('URL de destino').fill('https://erp.example.com/webhooks');
    await page.getByRole('button', { name: 'Adicionar Filtro' }).click();
    await page.getByLabel('Campo do filtro 1').fill('order.total');
    await choose(page, 'Operador do filtro 1', /^>= /);
    await page.getByLabel('Valor do filtro 1').fill('cem');
    await page.getByRole('button', { name: 'Adicionar Filtro' }).click();
    await choose(page, 'Origem do filtro 2', 'Header');
    await page.getByLabel('Campo do filtro 2').fill('x-tenant');
    await page.getByRole('button', { name: 'Criar Assinatura' }).click();
    await expect(page.getByText('Filtro 1: Valor deve ser numérico para este operador')).toBeVisible();
    await expect(page.getByText('Filtro 2: Valor é obrigatório')).toBeVisible();
    await page.getByLabel('Valor do filtro 1').fill('100');
    await page.getByLabel('Valor do filtro 2').fill('acme');
    await page.getByRole('button', { name: 'Criar Assinatura' }).click();
    await expect(page.getByText('Assinatura criada')).toBeVisible();
    await expect(page).toHaveURL(/\/subscriptions\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('signing-secret')).toContainText('whsec_');

    // Filter test on the subscription detail.
    const filterTest = page.getByTestId('filter-test');
    await filterTest.getByLabel('Dados de teste (JSON)').fill('{"order": {"total": 150}}');
    await filterTest.getByLabel('Headers (JSON, opcional)').fill('{"X-Tenant": "acme"}');
    await filterTest.getByRole('button', { name: 'Testar Filtros' }).click();
    await expect(page.getByTestId('filter-test-result')).toContainText('Filtros aprovados');
    await filterTest.getByLabel('Dados de teste (JSON)').fill('{"order": {"total": 50}}');
    await filterTest.getByRole('button', { name: 'Testar Filtros' }).click();
    await expect(page.getByTestId('filter-test-result')).toContainText('Assinatura filtrada');
    await expect(page.getByTestId('filter-test-result')).toContainText(
      'Evento filtrado: 1 filtro(s) falharam',
    );
    await filterTest.getByLabel('Dados de teste (JSON)').fill('{oops');
    await filterTest.getByRole('button', { name: 'Testar Filtros' }).click();
    await expect(page.getByTestId('filter-test-result')).toContainText('Dados inválidos');

    // Edit the subscription.
    await page.getByRole('link', { name: 'Editar' }).click();
    await page.getByLabel('Nome', { exact: true }).fill('ERP financeiro v2');
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await expect(page.getByText('Assinatura atualizada')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'ERP financeiro v2' })).toBeVisible();

    // Processing test on the event detail: passing, failing and invalid data.
    await page.goto(`/events/${eventId}`);
    const processing = page.getByTestId('processing-test');
    await processing.getByLabel('Dados de teste (JSON)').fill('{"body": "oi", "order": {"total": 300}}');
    await processing.getByLabel('Headers (JSON, opcional)').fill('{"x-tenant": "acme"}');
    await processing.getByRole('button', { name: 'Simular Processamento' }).click();
    const result = page.getByTestId('processing-result');
    await expect(result).toContainText('Filtros aprovados');
    await expect(result).toContainText('"total": 300');
    await processing.getByLabel('Headers (JSON, opcional)').fill('');
    await processing.getByLabel('Dados de teste (JSON)').fill('{"order": {"total": 10}}');
    await processing.getByRole('button', { name: 'Simular Processamento' }).click();
    await expect(result).toContainText('Assinatura filtrada');
    await expect(result).toContainText('Evento filtrado: 2 filtro(s) falharam');
    await processing.getByLabel('Dados de teste (JSON)').fill('not json');
    await processing.getByRole('button', { name: 'Simular Processamento' }).click();
    await expect(result).toContainText('Dados inválidos');
    const callbackTest = page.getByTestId('callback-test');
    await expect(callbackTest.getByRole('button', { name: 'Testar Callback' })).toBeDisabled();
    await expect(callbackTest).toContainText('Callback não habilitado ou URL não configurada');

    // Edit the event: radio cards; the note on the immediate queue is not shown for a RabbitMQ event.
    await page.getByRole('link', { name: 'Editar' }).click();
    await expect(page.getByRole('radio', { name: /Imediata/ })).toBeVisible();
    await expect(page.getByRole('radio', { name: /^RabbitMQ/ })).toBeChecked();
    await expect(page.getByText('A fila imediata não é recomendada para grande escala')).toHaveCount(0);
    await page.getByLabel('Nome', { exact: true }).fill('Pedido pago v2');
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await expect(page.getByText('Evento atualizado')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Pedido pago v2' })).toBeVisible();

    // An event without subscriptions: 'Nenhuma assinatura'.
    const { data: lonely } = await api.post<{ data: { id: string } }>('/events', {
      applicationId: application.id,
      name: 'Sem assinaturas',
      alias: `sem.assinaturas.${suffix}`,
    });
    await page.goto(`/events/${lonely.id}`);
    await page.getByTestId('processing-test').getByRole('button', { name: 'Simular Processamento' }).click();
    await expect(page.getByTestId('processing-result')).toContainText('Nenhuma assinatura');
    await expect(page.getByTestId('callback-test')).toContainText('Callback não configurado');

    // Paginate past 10 rows (11 more created through the API) and search across pages.
    for (let index = 0; index < 11; index += 1) {
      await api.post('/events', {
        applicationId: application.id,
        name: `Lote ${index}`,
        alias: `lote.${index}.${suffix}`,
      });
    }
    await page.goto(`/events?applicationId=${application.id}`);
    await expect(page.getByTestId('filter-banner')).toContainText(application.name);
    await expect(page.getByText('Página 1 de 2')).toBeVisible();
    await expect(page.getByTestId('stat-card').first()).toContainText('13');
    await page.getByRole('button', { name: 'Próxima' }).click();
    await expect(page.getByText('Página 2 de 2')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Pedido pago v2' })).toBeVisible();
    await page.getByRole('button', { name: 'Anterior' }).click();
    await page.getByLabel('Buscar eventos').fill('pedido pago');
    await expect(page.getByRole('link', { name: 'Pedido pago v2' })).toBeVisible();
    await expect(page.getByText('Página 1 de 2')).toHaveCount(0);

    // Delete with confirmation.
    const row = page.getByRole('row', { name: /Pedido pago v2/ });
    await row.getByRole('button', { name: 'Deletar evento' }).click();
    await expect(page.getByRole('alertdialog')).toContainText('assinaturas deste evento serão removidas');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Deletar' }).click();
    await expect(page.getByText('Evento deletado')).toBeVisible();
    await expect(page.getByTestId('empty-state')).toContainText('Nenhum evento encontrado');
    await page.getByRole('button', { name: 'Ver todos' }).click();
    await expect(page).toHaveURL(/\/events$/);
  });

  test('When the processing test sends from the browser, then the target gets the rendered body with the subscription headers and auth', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    // A target that lets the console's origin call it (CORS), as one must for a browser test.
    const received: Array<{ headers: Record<string, unknown>; body: string }> = [];
    const target = createServer((request, response) => {
      const cors = {
        'access-control-allow-origin': '*',
        'access-control-allow-headers': '*',
        'access-control-allow-methods': 'POST, PUT, OPTIONS',
      };
      if (request.method === 'OPTIONS') {
        response.writeHead(204, cors).end();
        return;
      }
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        received.push({ headers: request.headers, body });
        response.writeHead(200, { ...cors, 'content-type': 'application/json' });
        response.end(JSON.stringify({ recebido: true }));
      });
    });
    await new Promise<void>((done) => target.listen(0, '127.0.0.1', done));
    try {
      const suffix = Date.now().toString(36);
      const { data: application } = await api.post<{ data: { id: string } }>('/applications', {
        name: `Navegador ${suffix}`,
      });
      const { data: event } = await api.post<{ data: { id: string } }>('/events', {
        applicationId: application.id,
        name: `Pedido enviado ${suffix}`,
        alias: `pedido.enviado.${suffix}`,
      });
      const { data: subscription } = await api.post<{ data: { id: string } }>('/subscriptions', {
        eventId: event.id,
        name: 'Notificação ERP 🚀',
        targetUrl: `http://127.0.0.1:${(target.address() as AddressInfo).port}/hook`,
        authType: 'BEARER',
        authDetails: { token: 'token-do-teste' },
        jsonBody: { pedido: '{{payload.pedido}}' },
      });

      await loginAsAdmin(page);
      await page.goto(`/events/${event.id}`);
      const processing = page.getByTestId('processing-test');
      await processing.getByLabel('Dados de teste (JSON)').fill('{"pedido": 77}');
      await processing.getByRole('button', { name: 'Simular Processamento' }).click();
      await processing.getByRole('button', { name: 'Enviar pelo navegador' }).click();
      await expect(processing.getByTestId('processing-answer')).toContainText('HTTP 200');
      await expect(processing.getByTestId('processing-answer')).toContainText('"recebido": true');

      expect(received).toHaveLength(1);
      expect(JSON.parse(received[0]?.body ?? '')).toEqual({ pedido: 77 });
      expect(received[0]?.headers).toMatchObject({
        'x-subscription-id': subscription.id,
        'x-subscription-name': encodeURIComponent('Notificação ERP 🚀'),
        authorization: 'Bearer token-do-teste',
        'content-type': 'application/json',
      });
    } finally {
      target.closeAllConnections();
      await new Promise((done) => target.close(done));
    }
  });

  test('When event and subscription ids do not exist, then the not-found messages show', async ({
    page,
    loginAsAdmin,
  }) => {
    await loginAsAdmin(page);
    await page.goto('/events/0195f0e0-0000-7000-8000-000000000000');
    await expect(page.getByText('Evento não encontrado')).toBeVisible();
    await page.goto('/subscriptions/0195f0e0-0000-7000-8000-000000000000');
    await expect(page.getByText('Assinatura não encontrada')).toBeVisible();
  });

  test('When the subscriptions list has more than 10 rows, then it pages, filters by status and deletes with confirmation', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    const suffix = Date.now().toString(36);
    const { data: application } = await api.post<{ data: { id: string } }>('/applications', {
      name: `Assinantes ${suffix}`,
    });
    const { data: event } = await api.post<{ data: { id: string } }>('/events', {
      applicationId: application.id,
      name: 'Cadastro',
      alias: `cadastro.${suffix}`,
    });
    for (let index = 0; index < 11; index += 1) {
      await api.post('/subscriptions', {
        eventId: event.id,
        name: `Destino ${index}`,
        targetUrl: `https://d${index}.example.com/hook`,
        httpMethod: index === 0 ? 'DELETE' : 'POST',
        status: index < 2 ? 'PAUSED' : 'ACTIVE',
        jsonBody: { n: index },
      });
    }
    await loginAsAdmin(page);
    await page.goto(`/subscriptions?eventId=${event.id}`);
    const cards = page.getByTestId('stat-card');
    await expect(cards.nth(0)).toContainText('11');
    await expect(cards.nth(1)).toContainText('9');
    await expect(cards.nth(2)).toContainText('2');
    await expect(page.getByText('Página 1 de 2')).toBeVisible();
    await page.getByRole('button', { name: 'Próxima' }).click();
    await expect(page.getByText('Página 2 de 2')).toBeVisible();
    await expect(
      page.getByRole('row', { name: /Destino 0/ }).locator('[data-method="DELETE"]'),
    ).toBeVisible();

    await choose(page, 'Filtrar por status', 'Pausado');
    await expect(page.getByRole('row')).toHaveCount(3);
    const row = page.getByRole('row', { name: /Destino 1/ });
    await row.getByRole('button', { name: 'Deletar assinatura' }).click();
    await expect(page.getByRole('alertdialog')).toContainText('logs desta assinatura serão removidos');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Deletar' }).click();
    await expect(page.getByText('Assinatura deletada')).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(2);
  });
});
