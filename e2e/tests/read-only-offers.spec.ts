import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect as pollExpect } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { seedSubscribedEvent } from '../support/seed-event';

const READ_ONLY =
  'Você só tem permissão de leitura nas suas aplicações: peça a um proprietário permissão de escrita.';
const RETRY_FORBIDDEN = 'Só quem pode editar a assinatura pode reenviar.';
const PUBLIC_NOTICE = 'Eventos públicos podem ser assinados por qualquer usuário';

test.describe('Offer only what works', () => {
  test('When a read-only member looks around, then Nova Regra, Nova Rota and Reenviar are disabled with the reason, and the new-field and new-type forms refuse by URL', async ({
    page,
    api,
    loginAs,
  }) => {
    const { application, event } = await seedSubscribedEvent(api, (suffix) => ({
      event: { name: `Nota ${suffix}`, alias: `nota.${suffix}`, maxRetries: 0 },
      subscriptions: [{ name: `ERP ${suffix}`, targetUrl: 'http://127.0.0.1:9/fora', jsonBody: { a: 1 } }],
    }));
    const { data: route } = await api.post<{ data: { id: string } }>('/routes', {
      name: 'Rota de leitura',
      endpoint: '/webhooks/leitura',
      applicationId: application.id,
    });
    await api.post('/events/emit', { eventType: event.alias, applicationId: application.id, data: { n: 1 } });
    await pollExpect
      .poll(
        async () => (await api.get<{ stats: { FAILED: number } }>(`/logs?eventId=${event.id}`)).stats.FAILED,
        {
          timeout: 20_000,
        },
      )
      .toBe(1);
    const reader = await api.createUser();
    await api.post(`/applications/${application.id}/members`, { email: reader.email, canRead: true });

    await loginAs(page, reader.email, reader.password);
    for (const [path, label] of [
      ['/event-rules', 'Nova Regra'],
      ['/routes', 'Nova Rota'],
    ] as const) {
      await page.goto(path);
      const button = page.getByRole('button', { name: label });
      await expect(button).toBeDisabled();
      await expect(button).toHaveAttribute('title', READ_ONLY);
      await expect(page.getByText(READ_ONLY, { exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: label })).toHaveCount(0);
    }

    await page.goto(`/logs?eventId=${event.id}`);
    const resend = page.locator('tbody tr').first().getByRole('button', { name: 'Reenviar' });
    await expect(resend).toBeDisabled();
    await expect(resend).toHaveAttribute('title', RETRY_FORBIDDEN);

    for (const path of [`/routes/${route.id}/fields/new`, `/routes/${route.id}/event-types/new`]) {
      await page.goto(path);
      await expect(page.getByText('Sem permissão para editar')).toBeVisible();
      await expect(page.getByRole('button', { name: /Criar/ })).toHaveCount(0);
    }
  });

  test("When someone subscribes to another application's PUBLIC event, then the form says whose the subscription is, and the event screen says anyone may", async ({
    page,
    api,
    loginAs,
    loginAsAdmin,
  }) => {
    const { application, event } = await seedSubscribedEvent(api, (suffix) => ({
      event: { name: `Cotação ${suffix}`, alias: `cotacao.${suffix}`, visibility: 'PUBLIC' },
    }));
    await api.put(`/applications/${application.id}`, { visibility: 'PUBLIC' });
    await loginAsAdmin(page);
    await page.goto(`/events/${event.id}`);
    await expect(page.getByTestId('public-event-notice')).toContainText(PUBLIC_NOTICE);

    const outsider = await api.createUser();
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());
    await loginAs(page, outsider.email, outsider.password);
    await page.goto(`/subscriptions/new?eventId=${event.id}`);
    const notice = page.getByTestId('public-event-notice');
    await expect(notice).toContainText(PUBLIC_NOTICE);
    await expect(notice).toContainText('Esta assinatura é sua');
  });

  test('When Testar Callback is pressed for a receiver without CORS, then the server sends it signed and the answer shows', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    const received: IncomingHttpHeaders[] = [];
    // No CORS headers at all: a request from the browser could never read this answer.
    const callback = createServer((request, response) => {
      received.push(request.headers);
      request.resume();
      request.on('end', () => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end('{"recebido":true}');
      });
    });
    await new Promise<void>((done) => callback.listen(0, '127.0.0.1', done));
    try {
      const { event } = await seedSubscribedEvent(api, (suffix) => ({
        event: {
          name: `Pedido ${suffix}`,
          alias: `pedido.${suffix}`,
          enableCallbacks: true,
          callbackUrl: `http://127.0.0.1:${(callback.address() as AddressInfo).port}/callback`,
          callbackAuthType: 'BEARER',
          callbackAuthDetails: { token: 'segredo-do-callback' },
        },
      }));
      await loginAsAdmin(page);
      await page.goto(`/events/${event.id}`);
      const card = page.getByTestId('callback-test');
      await card.getByRole('button', { name: 'Testar Callback' }).click();
      await expect(card.getByTestId('callback-result')).toContainText(/HTTP 200 em \d+ ms/);
      await expect(card.getByTestId('callback-result')).toContainText('recebido');
      expect(received).toHaveLength(1);
      expect(received[0]?.authorization).toBe('Bearer segredo-do-callback');
      expect(received[0]?.['webhook-signature']).toMatch(/^v1,/);
    } finally {
      callback.close();
    }
  });
});
