import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Api } from '../support/api';
import { expect, test } from '../support/fixtures';

let receiver: Server;
let receiverUrl = '';
/** Requests seen per path: '/back' answers 410 the first time, then 200; '/gone' always 410. */
const seen = new Map<string, number>();

test.beforeAll(async () => {
  receiver = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const path = request.url ?? '/';
      const count = (seen.get(path) ?? 0) + 1;
      seen.set(path, count);
      const isGone = path.startsWith('/gone') || (path.startsWith('/back') && count === 1);
      response.writeHead(isGone ? 410 : 200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ recebido: !isGone }));
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise((done) => receiver.close(done));
});

/** A subscription whose first delivery answered 410, so the system set it FAILED; with its failed log. */
async function disabledSubscription(api: Api, baseURL: string, path: string) {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const application = await api.post<{ id: string; apiKey: string }>('/applications', {
    name: `Loja ${suffix}`,
    visibility: 'PRIVATE',
  });
  const event = await api.post<{ id: string; alias: string }>('/events', {
    applicationId: application.id,
    name: `Nota Emitida ${suffix}`,
    alias: `nota.emitida.${suffix}`,
  });
  const subscription = await api.post<{ id: string; name: string }>('/subscriptions', {
    eventId: event.id,
    name: `ERP ${suffix}`,
    targetUrl: `${receiverUrl}${path}`,
    jsonBody: { nota: '{{payload.nota}}' },
  });
  const emitted = await fetch(`${baseURL}/v1/events/emit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': application.apiKey },
    body: JSON.stringify({ eventType: event.alias, applicationId: application.id, data: { nota: 7 } }),
  });
  expect(emitted.status).toBe(202);
  await expect
    .poll(async () => (await api.get<{ status: string }>(`/subscriptions/${subscription.id}`)).status)
    .toBe('FAILED');
  const logs = await api.get<{ data: Array<{ id: string; status: string }> }>(
    `/logs?subscriptionId=${subscription.id}`,
  );
  const log = logs.data[0];
  if (!log) throw new Error('the failed delivery has no log');
  return { subscription, log };
}

test.describe('Assinatura desativada pelo sistema', () => {
  test('When a 410 disabled a subscription, then its detail says why and when, and the failed log offers Reativar e reenviar', async ({
    page,
    api,
    server,
    loginAsAdmin,
  }) => {
    const { subscription, log } = await disabledSubscription(api, server.baseURL, '/back');

    await loginAsAdmin(page);
    await page.goto(`/subscriptions/${subscription.id}`);
    const notice = page.getByTestId('disabled-notice');
    await expect(notice).toContainText(/Desativada pelo sistema em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    await expect(notice).toContainText('o destino respondeu 410 (Gone)');
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('Falhou');

    await page.goto(`/logs/${log.id}`);
    await expect(page.getByRole('button', { name: 'Tentar Novamente' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Reativar e reenviar' }).click();
    await expect(page.getByText('Assinatura reativada e reenvio iniciado')).toBeVisible();
    await expect.poll(() => seen.get('/back') ?? 0).toBe(2);
    await expect
      .poll(async () => (await api.get<{ status: string }>(`/logs/${log.id}`)).status)
      .toBe('SUCCESS');

    await page.goto(`/subscriptions/${subscription.id}`);
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('Ativa');
    await expect(page.getByTestId('disabled-notice')).toHaveCount(0);
  });

  test('When Ativa is chosen in the edit form of a FAILED subscription, then saving reactivates it', async ({
    page,
    api,
    server,
    loginAsAdmin,
  }) => {
    const { subscription } = await disabledSubscription(api, server.baseURL, '/gone-edit');

    await loginAsAdmin(page);
    await page.goto(`/subscriptions/${subscription.id}/edit`);
    const status = page.getByRole('combobox', { name: 'Status' });
    await expect(status).toHaveText('Falhou');
    await status.click();
    await page.getByRole('option', { name: 'Ativa', exact: true }).click();
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await expect(page).toHaveURL(new RegExp(`/subscriptions/${subscription.id}$`));
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('Ativa');
    expect((await api.get<{ status: string }>(`/subscriptions/${subscription.id}`)).status).toBe('ACTIVE');
  });

  test('When Pausada is chosen on the detail, then the status changes at once', async ({
    page,
    api,
    server,
    loginAsAdmin,
  }) => {
    const { subscription } = await disabledSubscription(api, server.baseURL, '/gone-detail');

    await loginAsAdmin(page);
    await page.goto(`/subscriptions/${subscription.id}`);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Pausada' }).click();
    await expect(page.getByText('Status alterado')).toBeVisible();
    await expect(page.getByTestId('disabled-notice')).toHaveCount(0);
    expect((await api.get<{ status: string }>(`/subscriptions/${subscription.id}`)).status).toBe('PAUSED');
  });
});
