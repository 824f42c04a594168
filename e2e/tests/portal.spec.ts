import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import type { Api } from '../support/api';
import { expect, test } from '../support/fixtures';
import { useReceiver } from '../support/receiver';
import { seedSubscribedEvent } from '../support/seed-event';

/** Answers 500 to the first delivery of each path, then 200: a failed delivery the consumer resends. */
const seen = new Map<string, number>();
const receiver = useReceiver((path) => {
  const count = (seen.get(path) ?? 0) + 1;
  seen.set(path, count);
  return { status: count === 1 ? 500 : 200, body: JSON.stringify({ recebido: count > 1 }) };
});

test.describe('Portal do consumidor', () => {
  test('When a customer opens its session link, then it creates an endpoint, sees the failed delivery and resends it', async ({
    page,
    api,
  }) => {
    const { application, event } = await seedSubscribedEvent(api, (suffix) => ({
      event: { name: `Pedido Pago ${suffix}`, alias: `pedido.pago.${suffix}`, maxRetries: 0 },
    }));
    const { data: session } = await api.post<{ data: { url: string; token: string } }>(
      `/applications/${application.id}/portal-sessions`,
      { consumerId: 'cliente-e2e' },
    );
    const url = new URL(session.url);
    await page.goto(`${url.pathname}${url.hash}`);
    await expect(page.getByRole('heading', { name: 'Seus webhooks' })).toBeVisible();
    // The token leaves the address once read.
    await expect.poll(() => new URL(page.url()).hash).toBe('');
    await expect(page.getByText('Nenhum endpoint ainda.')).toBeVisible();

    await page.getByLabel('URL').fill(`${receiver.url}/cliente-e2e`);
    await page.getByRole('button', { name: 'Criar endpoint' }).click();
    await expect(page.getByText('Endpoint criado')).toBeVisible();
    await expect(page.getByText(`${receiver.url}/cliente-e2e`)).toBeVisible();
    // Its state in the customer's words, not the API's enums.
    await expect(page.getByTestId('portal-endpoint')).toContainText('Ativo · Saudável');

    const emitted = { eventType: event.alias, applicationId: application.id, data: { pedido: 1 } };
    expect(await api.emitWithApiKey(application.apiKey, emitted)).toBe(202);
    const failed = page.getByTestId('portal-log').filter({ hasText: 'Falhou' });
    await expect
      .poll(async () => {
        await page.getByRole('button', { name: 'Atualizar' }).click();
        return failed.count();
      })
      .toBe(1);

    await failed.getByRole('button', { name: 'Reenviar' }).click();
    await expect(page.getByText('Reenvio iniciado')).toBeVisible();
    await expect
      .poll(async () => {
        await page.getByRole('button', { name: 'Atualizar' }).click();
        return page.getByTestId('portal-log').filter({ hasText: 'Sucesso' }).count();
      })
      .toBe(1);
    expect(seen.get('/cliente-e2e')).toBe(2);
  });
  test('When a customer has more deliveries than one page holds, then it turns to the second page and back', async ({
    page,
    api,
  }) => {
    const { application, event } = await seedSubscribedEvent(api, (suffix) => ({
      event: { name: `Pedido Paginado ${suffix}`, alias: `pedido.paginado.${suffix}`, maxRetries: 0 },
    }));
    const { data: session } = await api.post<{ data: { url: string } }>(
      `/applications/${application.id}/portal-sessions`,
      { consumerId: 'cliente-paginas' },
    );
    const url = new URL(session.url);
    await page.goto(`${url.pathname}${url.hash}`);
    await page.getByLabel('URL').fill(`${receiver.url}/cliente-paginas`);
    await page.getByRole('button', { name: 'Criar endpoint' }).click();
    await expect(page.getByText('Endpoint criado')).toBeVisible();

    // One more than the 50 deliveries a page shows.
    for (let n = 1; n <= 51; n += 1) {
      const emitted = { eventType: event.alias, applicationId: application.id, data: { pedido: n } };
      expect(await api.emitWithApiKey(application.apiKey, emitted)).toBe(202);
    }
    const deliveries = page.getByRole('region', { name: 'Entregas' });
    const pager = deliveries.getByRole('navigation', { name: 'Entregas' });
    await expect
      .poll(async () => {
        await page.getByRole('button', { name: 'Atualizar' }).click();
        return pager.getByText('Página 1 de 2').count();
      })
      .toBe(1);
    await expect(deliveries.getByTestId('portal-log')).toHaveCount(50);
    await expect(pager.getByRole('button', { name: 'Anterior' })).toBeDisabled();

    await pager.getByRole('button', { name: 'Próxima' }).click();
    await expect(pager.getByText('Página 2 de 2')).toBeVisible();
    await expect(deliveries.getByTestId('portal-log')).toHaveCount(1);
    await expect(pager.getByRole('button', { name: 'Próxima' })).toBeDisabled();
    // A refresh keeps the page the customer is on.
    await page.getByRole('button', { name: 'Atualizar' }).click();
    await expect(pager.getByText('Página 2 de 2')).toBeVisible();

    await pager.getByRole('button', { name: 'Anterior' }).click();
    await expect(deliveries.getByTestId('portal-log')).toHaveCount(50);
    // The endpoints fit on one page: no pager there.
    await expect(page.getByRole('navigation', { name: 'Endpoints' })).toHaveCount(0);
  });
});

/** The portal's words the filtered-endpoint scenario reads, in each of its languages. */
const WORDS = {
  'pt-BR': {
    heading: 'Seus webhooks',
    create: 'Criar endpoint',
    created: 'Endpoint criado',
    bodyTemplate: 'Template do body',
    addFilter: 'Adicionar filtro',
    field: 'Campo do filtro 1',
    value: 'Valor do filtro 1',
    refresh: 'Atualizar',
    failed: 'Falhou',
    ignored: 'Ignorado',
    success: 'Sucesso',
    details: 'Detalhes',
    resend: 'Reenviar',
    resent: 'Reenvio iniciado',
    attemptError: 'Resposta HTTP 500',
  },
  en: {
    heading: 'Your webhooks',
    create: 'Create endpoint',
    created: 'Endpoint created',
    bodyTemplate: 'Body template',
    addFilter: 'Add filter',
    field: 'Filter field 1',
    value: 'Filter value 1',
    refresh: 'Refresh',
    failed: 'Failed',
    ignored: 'Ignored',
    success: 'Success',
    details: 'Details',
    resend: 'Resend',
    resent: 'Resend started',
    attemptError: 'HTTP response 500',
  },
} as const;

/**
 * Through the page: an endpoint that takes only paid orders and sends its own body; two orders
 * emitted, one cancelled; only the paid one reaches the endpoint (it answers 500 the first time),
 * its detail shows the rendered body and the failed attempt, and a resend adds a successful one.
 */
async function filterRenderAndResend(page: Page, api: Api, locale: keyof typeof WORDS) {
  const words = WORDS[locale];
  const { application, event } = await seedSubscribedEvent(api, (suffix) => ({
    event: { name: `Pedido ${suffix}`, alias: `pedido.filtro.${suffix}`, maxRetries: 0 },
  }));
  const { data: session } = await api.post<{ data: { url: string } }>(
    `/applications/${application.id}/portal-sessions`,
    { consumerId: `cliente-filtro-${locale}`, locale },
  );
  const url = new URL(session.url);
  await page.goto(`${url.pathname}${url.hash}`);
  await expect(page.getByRole('heading', { name: words.heading })).toBeVisible();

  const path = `/filtro-${locale}`;
  await page.getByLabel('URL').fill(`${receiver.url}${path}`);
  await page.getByLabel(words.bodyTemplate).fill('{"pedido": "{{payload.pedido.id}}", "origem": "portal"}');
  await page.getByRole('button', { name: words.addFilter }).click();
  await page.getByLabel(words.field).fill('pedido.status');
  await page.getByLabel(words.value).fill('pago');
  await page.getByRole('button', { name: words.create }).click();
  await expect(page.getByText(words.created)).toBeVisible();

  for (const pedido of [
    { id: `${locale}-1`, status: 'pago' },
    { id: `${locale}-2`, status: 'cancelado' },
  ]) {
    const emitted = { eventType: event.alias, applicationId: application.id, data: { pedido } };
    expect(await api.emitWithApiKey(application.apiKey, emitted)).toBe(202);
  }
  const logs = page.getByTestId('portal-log');
  const failed = logs.filter({ hasText: words.failed });
  await expect
    .poll(async () => {
      await page.getByRole('button', { name: words.refresh }).click();
      return [await failed.count(), await logs.filter({ hasText: words.ignored }).count()];
    })
    .toEqual([1, 1]);
  // The cancelled order never reached the endpoint: the filter held it back.
  expect(seen.get(path)).toBe(1);

  await failed.getByRole('button', { name: words.details }).click();
  const detail = page.getByTestId('portal-log-detail');
  await expect(detail.getByTestId('portal-body-sent')).toContainText(`"pedido": "${locale}-1"`);
  await expect(detail.getByTestId('portal-body-sent')).toContainText('"origem": "portal"');
  await expect(detail.getByTestId('portal-headers-sent')).toContainText('webhook-id');
  await expect(detail.getByTestId('portal-attempt')).toHaveCount(1);
  await expect(detail.getByTestId('portal-attempt')).toContainText('#1 · 500');
  // The sender's error reads in the session's language.
  await expect(detail.getByTestId('portal-attempt')).toContainText(words.attemptError);

  await failed.getByRole('button', { name: words.resend }).click();
  await expect(page.getByText(words.resent)).toBeVisible();
  await expect
    .poll(async () => {
      await page.getByRole('button', { name: words.refresh }).click();
      return detail.getByTestId('portal-attempt').count();
    })
    .toBe(2);
  await expect(detail.getByTestId('portal-attempt').nth(1)).toContainText('#2 · 200');
  await expect(logs.filter({ hasText: words.success })).toHaveCount(1);
  expect(seen.get(path)).toBe(2);
}

test.describe('Portal: filtros, template do body e detalhe da entrega', () => {
  test('When a customer creates an endpoint with a filter and a body template, then only the matching emit is delivered, rendered, and its resend shows a new attempt', async ({
    page,
    api,
  }) => {
    await filterRenderAndResend(page, api, 'pt-BR');
  });

  test('When an English session on a 390 px screen does the same, then the detail reads in English and nothing overflows', async ({
    page,
    api,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await filterRenderAndResend(page, api, 'en');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

/** A tiny page on 127.0.0.1 that embeds `src` in an iframe: a customer's own site. */
async function startEmbedder(src: () => string) {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(
      `<!doctype html><title>Site do cliente</title><iframe src="${src()}" width="800" height="600"></iframe>`,
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
}

test.describe('Portal incorporado e em inglês', () => {
  test('When the application allows one site, then the portal loads in its iframe and the browser refuses it on another', async ({
    page,
    api,
    baseURL,
  }) => {
    const { application } = await seedSubscribedEvent(api, (suffix) => ({
      event: { name: `Pedido ${suffix}`, alias: `pedido.iframe.${suffix}` },
    }));
    let portalUrl = '';
    const allowed = await startEmbedder(() => portalUrl);
    const refused = await startEmbedder(() => portalUrl);
    try {
      await api.put(`/applications/${application.id}`, {
        portal: { allowedOrigins: [allowed.origin], displayName: 'Loja Exemplo', accentColor: '#0a7c3f' },
      });
      const { data: session } = await api.post<{ data: { url: string } }>(
        `/applications/${application.id}/portal-sessions`,
        { consumerId: 'cliente-iframe' },
      );
      portalUrl = `${baseURL}${new URL(session.url).pathname}${new URL(session.url).hash}`;

      await page.goto(allowed.origin);
      const frame = page.frameLocator('iframe');
      await expect(frame.getByRole('heading', { name: 'Seus webhooks' })).toBeVisible();
      await expect(frame.getByTestId('portal-brand')).toHaveText('Loja Exemplo');

      const refusal = page.waitForEvent('console', (message) => /frame-ancestors/.test(message.text()));
      await page.goto(refused.origin);
      // The browser names the directive that refused it: only the allowed site may frame the portal.
      expect((await refusal).text()).toContain(`frame-ancestors ${allowed.origin}`);
      await expect(frame.getByRole('heading', { name: 'Seus webhooks' })).toHaveCount(0);
    } finally {
      await allowed.close();
      await refused.close();
    }
  });

  test('When an English session is opened on a 390 px screen, then the customer edits, tests and rotates its endpoint in English', async ({
    page,
    api,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { application } = await seedSubscribedEvent(api, (suffix) => ({
      event: { name: `Order ${suffix}`, alias: `order.paid.${suffix}` },
    }));
    const { data: session } = await api.post<{ data: { url: string } }>(
      `/applications/${application.id}/portal-sessions`,
      { consumerId: 'customer-en', locale: 'en' },
    );
    const url = new URL(session.url);
    await page.goto(`${url.pathname}${url.hash}`);
    await expect(page.getByRole('heading', { name: 'Your webhooks' })).toBeVisible();
    await expect(page.getByText('No endpoints yet.')).toBeVisible();

    await page.getByLabel('URL').fill(`${receiver.url}/customer-en`);
    await page.getByRole('button', { name: 'Create endpoint' }).click();
    await expect(page.getByText('Endpoint created')).toBeVisible();
    const endpoint = page.getByTestId('portal-endpoint');
    await expect(endpoint).toContainText('Active · Healthy');

    await endpoint.getByRole('button', { name: 'Edit' }).click();
    await endpoint.getByLabel('URL').fill('not a url');
    await endpoint.getByRole('button', { name: 'Save' }).click();
    await expect(endpoint.getByRole('alert')).toHaveText('URL must start with http:// or https://');
    await endpoint.getByLabel('Name').fill('Billing hook');
    await endpoint.getByLabel('URL').fill(`${receiver.url}/customer-en-2`);
    await endpoint.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Endpoint updated')).toBeVisible();
    await expect(endpoint.getByText(`${receiver.url}/customer-en-2`)).toBeVisible();

    await endpoint.getByRole('button', { name: 'Send test' }).click();
    await expect(page.getByRole('status')).toHaveText(/Test (delivered|failed)/);
    await endpoint.getByRole('button', { name: 'Rotate secret' }).click();
    await expect(endpoint.getByText(/whsec_/)).toBeVisible();

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
