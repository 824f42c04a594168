import type { Page } from '@playwright/test';
import type { Api } from '../support/api';
import { expect, test } from '../support/fixtures';
import { parseJsonOrText, readClipboard } from '../support/reads';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

type Created = { data: { id: string } };

/** An application with a route (one active event type, two fields) and a second route with no event type. */
async function createAutomation(api: Api, suffix: string) {
  const { data: application } = await api.post<{ data: { id: string; name: string } }>('/applications', {
    name: `Integração ${suffix}`,
  });
  const route = (
    await api.post<Created>('/routes', {
      applicationId: application.id,
      name: 'Pedidos',
      endpoint: '/pedidos',
      description: 'Pedidos da loja',
    })
  ).data;
  const eventType = (
    await api.post<Created>('/route-event-types', {
      routeId: route.id,
      name: 'Criado',
      alias: 'pedido.criado',
    })
  ).data;
  await api.post('/route-fields', {
    routeId: route.id,
    name: 'Total',
    type: 'number',
    path: 'data.pedido.total',
  });
  await api.post('/route-fields', {
    routeId: route.id,
    name: 'Mensagem',
    type: 'string',
    path: 'data.mensagem.texto',
    description: 'Texto enviado pelo cliente',
  });
  const bareRoute = (
    await api.post<Created>('/routes', {
      applicationId: application.id,
      name: 'Cadastros',
      endpoint: '/cadastros',
    })
  ).data;
  const { data: rule } = await api.post<Created>('/event-rules', {
    name: 'Pedido grande',
    applicationId: application.id,
    routeId: route.id,
    routeEventTypeId: eventType.id,
    conditions: {
      logic: 'AND',
      rules: [
        { field: 'data.pedido.total', operator: 'GREATER_THAN', values: ['500'], caseSensitive: false },
      ],
    },
  });
  return { application, route, bareRoute, rule };
}

async function chooseApplicationAndRoute(
  page: Page,
  applicationName: string,
  search: string,
  routeName: string,
) {
  await page.getByRole('combobox', { name: 'Aplicação' }).click();
  await page.getByRole('option', { name: applicationName }).click();
  await page.getByLabel('Buscar rota').fill(search);
  await page.getByRole('combobox', { name: 'Rota' }).click();
  await page.getByRole('option', { name: new RegExp(`^${routeName} —`) }).click();
}

async function chooseLanguage(page: Page, label: string) {
  await page.getByRole('combobox', { name: 'Linguagem' }).click();
  await page.getByRole('option', { name: label }).click();
}

test.describe('Integração', () => {
  test('When application, route and language are chosen, then the route shows with its code and example payload, fetched each time', async ({
    page,
    api,
    loginAsAdmin,
    baseURL,
  }) => {
    const suffix = Date.now().toString(36);
    const { application } = await createAutomation(api, suffix);
    const codeRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/v1\/integration\/routes\/[^/]+\/code/.test(request.url())) codeRequests.push(request.url());
    });

    await loginAsAdmin(page);
    await page.goto('/integration');
    await expect(page.getByRole('heading', { name: 'Integração' })).toBeVisible();
    await expect(page.getByText('Selecione uma aplicação e uma rota')).toBeVisible();

    // The search narrows the routes: "cad" leaves only Cadastros.
    await page.getByRole('combobox', { name: 'Aplicação' }).click();
    await page.getByRole('option', { name: application.name }).click();
    await page.getByLabel('Buscar rota').fill('cad');
    await page.getByRole('combobox', { name: 'Rota' }).click();
    await expect(page.getByRole('option')).toHaveText(['Cadastros — POST /cadastros']);
    await page.keyboard.press('Escape');
    await page.getByLabel('Buscar rota').fill('pedid');
    await page.getByRole('combobox', { name: 'Rota' }).click();
    await page.getByRole('option', { name: /^Pedidos —/ }).click();

    const info = page.getByTestId('route-info');
    await expect(info).toContainText('Pedidos');
    await expect(info).toContainText('/pedidos');
    await expect(info).toContainText('pedido.criado');
    await expect(info).toContainText('Pedidos da loja');

    const code = page.getByTestId('code-block');
    await expect(code).toHaveAttribute('data-language', 'javascript');
    await expect(code).toContainText(`${baseURL}/v1/emit-rules`);
    await expect(code).toContainText('process.env.WEBHOOK_MANAGER_API_KEY');
    await expect(code).toContainText('"pedido.criado"');
    // Highlighted by the lazily loaded highlighter.
    await expect(code.locator('.hljs-keyword').first()).toBeVisible();

    await chooseLanguage(page, 'Python');
    await expect(code).toHaveAttribute('data-language', 'python');
    await expect(code).toContainText('urllib.request');
    await chooseLanguage(page, 'cURL');
    await expect(code).toContainText('curl --silent');
    await expect(code).toContainText('--data-raw');
    await chooseLanguage(page, 'JavaScript');
    await expect(code).toContainText('await fetch(url');
    // Nothing is kept: coming back to JavaScript asks the server again.
    await expect
      .poll(() => codeRequests.filter((url) => url.endsWith('language=javascript')))
      .toHaveLength(2);

    await page.getByRole('tab', { name: 'Payload de exemplo' }).click();
    const payload = page.getByTestId('integration-payload');
    await expect(payload.getByTestId('json-view')).toContainText('"eventType": "pedido.criado"');
    await expect(payload.getByTestId('json-view')).toContainText(`"applicationId": "${application.id}"`);
    await expect(payload.getByRole('row', { name: /Total data\.pedido\.total number/ })).toBeVisible();
    await expect(
      payload.getByRole('row', { name: /Mensagem data\.mensagem\.texto string Texto enviado/ }),
    ).toBeVisible();

    // The choice lives in the address: a reload shows the same route and language.
    await page.reload();
    await expect(page.getByTestId('route-info')).toContainText('Pedidos');
    await expect(page.getByRole('combobox', { name: 'Linguagem' })).toContainText('JavaScript');
  });

  test('When the code is copied, then it is on the clipboard and the indicator resets after 2 seconds; a refused copy says so', async ({
    page,
    context,
    api,
    loginAsAdmin,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // The page's timers run on a clock the test can stop and move (it flows as usual until then).
    await page.clock.install();
    const suffix = Date.now().toString(36);
    const { application } = await createAutomation(api, suffix);
    await loginAsAdmin(page);
    await page.goto('/integration');
    await chooseApplicationAndRoute(page, application.name, 'pedidos', 'Pedidos');
    await chooseLanguage(page, 'Python');
    await expect(page.getByTestId('code-block')).toContainText('urllib.request');

    // The indicator's 2 s are counted on the stopped clock, moved by hand: not a real-time gap.
    // (The toast animates on that clock too: it shows once the clock moves.)
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.getByRole('button', { name: 'Copiar código' }).click();
    await expect(page.getByRole('button', { name: 'Copiado!' })).toBeVisible();
    await expect.poll(() => readClipboard(page)).toContain('urllib.request');
    await expect.poll(() => readClipboard(page)).toContain('"pedido.criado"');
    await page.clock.runFor(1_999);
    await expect(toast(page, 'Código copiado!')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copiado!' })).toBeVisible();
    await page.clock.runFor(1);
    await expect(page.getByRole('button', { name: 'Copiar código' })).toBeVisible();
    await page.clock.resume();

    await page.getByRole('tab', { name: 'Payload de exemplo' }).click();
    await page.getByRole('button', { name: 'Copiar payload' }).click();
    await expect(page.getByRole('button', { name: 'Copiado!' })).toBeVisible();
    await expect
      .poll(async () => parseJsonOrText(await readClipboard(page)))
      .toMatchObject({ eventType: 'pedido.criado', applicationId: application.id });

    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new Error('negado'));
    });
    await page.getByRole('tab', { name: 'Código' }).click();
    await page.getByRole('button', { name: 'Copiar código' }).click();
    await expect(toast(page, 'Erro ao copiar')).toContainText('Não foi possível copiar o código.');
  });

  test('When a route has no active event type, then there is no code and no payload, and its fields are still listed', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    const suffix = Date.now().toString(36);
    const { application, bareRoute } = await createAutomation(api, suffix);
    await api.post('/route-fields', {
      routeId: bareRoute.id,
      name: 'Email',
      type: 'string',
      path: 'data.email',
    });
    await loginAsAdmin(page);
    await page.goto('/integration');
    await chooseApplicationAndRoute(page, application.name, '', 'Cadastros');
    await expect(page.getByText('Nenhum código disponível')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copiar código' })).toBeDisabled();
    await page.getByRole('tab', { name: 'Payload de exemplo' }).click();
    await expect(page.getByText('Nenhum payload disponível')).toBeVisible();
    await expect(page.getByRole('row', { name: /Email data\.email string/ })).toBeVisible();
  });

  test('When the code or the payload fails to load, then the error says why', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    const suffix = Date.now().toString(36);
    const { application } = await createAutomation(api, suffix);
    const failure = { status: 409, contentType: 'application/json' };
    await page.route('**/v1/integration/routes/*/code*', (route) =>
      route.fulfill({
        ...failure,
        body: JSON.stringify({ error: 'Código indisponível agora', code: 'CONFLICT' }),
      }),
    );
    await page.route('**/v1/integration/routes/*/payload', (route) =>
      route.fulfill({
        ...failure,
        body: JSON.stringify({ error: 'Payload indisponível agora', code: 'CONFLICT' }),
      }),
    );
    await loginAsAdmin(page);
    await page.goto('/integration');
    await chooseApplicationAndRoute(page, application.name, '', 'Pedidos');
    await expect(page.getByText('Erro ao carregar código: Código indisponível agora')).toBeVisible();
    await page.getByRole('tab', { name: 'Payload de exemplo' }).click();
    await expect(page.getByText('Erro ao carregar payload: Payload indisponível agora')).toBeVisible();
  });
  test("When a rule's Código de Integração tab is opened, then its code sends data that fires it, in the chosen language, with copy", async ({
    page,
    context,
    api,
    loginAsAdmin,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const suffix = Date.now().toString(36);
    const { rule } = await createAutomation(api, suffix);
    await loginAsAdmin(page);
    await page.goto(`/event-rules/${rule.id}`);
    await page.getByRole('tab', { name: 'Código de Integração' }).click();
    const panel = page.getByTestId('rule-integration-code');
    const code = panel.getByTestId('code-block');
    await expect(code).toHaveAttribute('data-language', 'javascript');
    await expect(code).toContainText(`${baseURL}/v1/emit-rules`);
    // total > 500 is what the rule asks: the sample is generated to satisfy it.
    await expect(code).toContainText('"total": 501');
    await expect(panel.getByTestId('rule-payload-warning')).toHaveCount(0);

    await panel.getByRole('combobox', { name: 'Linguagem' }).click();
    await page.getByRole('option', { name: 'cURL' }).click();
    await expect(code).toHaveAttribute('data-language', 'curl');
    await expect(code).toContainText('--data-raw');
    await panel.getByRole('button', { name: 'Copiar código' }).click();
    await expect(toast(page, 'Código copiado!')).toBeVisible();
    await expect.poll(() => readClipboard(page)).toContain('"total": 501');
    await expect(panel.getByRole('button', { name: 'Copiar código' })).toBeVisible({ timeout: 5_000 });
  });

  test("When a rule's conditions cannot be met by generated data, then its code tab says which", async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    const suffix = Date.now().toString(36);
    const { application, route } = await createAutomation(api, suffix);
    const { data: impossible } = await api.post<Created>('/event-rules', {
      name: 'Impossível',
      applicationId: application.id,
      routeId: route.id,
      conditions: {
        type: 'pedido.criado',
        logic: 'AND',
        // The envelope's eventType is the rule's own alias, so no generated data can make it another.
        rules: [{ field: 'eventType', operator: 'EQUALS', values: ['outro.tipo'], caseSensitive: false }],
      },
    });
    await loginAsAdmin(page);
    await page.goto(`/event-rules/${impossible.id}`);
    await page.getByRole('tab', { name: 'Código de Integração' }).click();
    const warning = page.getByTestId('rule-payload-warning');
    await expect(warning).toContainText('Os dados de exemplo não disparam esta regra');
    await expect(warning).toContainText('não é igual a "outro.tipo"');
    await expect(page.getByTestId('rule-integration-code').getByTestId('code-block')).toContainText(
      '/v1/emit-rules',
    );
  });
});
