import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Api } from '../support/api';
import { expect, test } from '../support/fixtures';

/** A webhook receiver on 127.0.0.1 that fails (500) until it is fixed. */
async function startReceiver() {
  const state = { isFailing: true, received: 0 };
  const server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      state.received += 1;
      response.writeHead(state.isFailing ? 500 : 200, { 'content-type': 'text/plain' });
      response.end(state.isFailing ? 'fora do ar' : 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return {
    url,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type EventLogList = { data: Array<{ id: string; status: string; eventType: string }> };

/** A RABBITMQ event without automatic retries, subscribed by `targetUrl`, and `count` emits of it, all FAILED. */
async function emitFailingEvents(api: Api, targetUrl: string, alias: string, count: number) {
  const application = await api.post<{ id: string }>('/applications', { name: `Fila ${alias}` });
  const event = await api.post<{ id: string }>('/events', {
    applicationId: application.id,
    name: `Evento ${alias}`,
    alias,
    queueType: 'RABBITMQ',
    delayBetweenSends: 100,
    messageTtl: 60_000,
    maxRetries: 0,
    priority: 5,
  });
  await api.post('/subscriptions', {
    eventId: event.id,
    name: `Destino ${alias}`,
    targetUrl,
    jsonBody: { alias },
  });
  for (let index = 0; index < count; index += 1) {
    await api.post('/events/emit', { eventType: alias, applicationId: application.id, data: { index } });
  }
  await expect
    .poll(
      async () => {
        const list = await api.get<EventLogList>(`/rabbitmq/events?eventType=${alias}&status=FAILED`);
        return list.data.length;
      },
      { timeout: 20_000 },
    )
    .toBe(count);
  const list = await api.get<EventLogList>(`/rabbitmq/events?eventType=${alias}`);
  return list.data.map((log) => log.id);
}

test.describe('Log de Eventos', () => {
  test('When a queued event fails, then it shows FAILED and reprocessing after the fix makes it SUCCESS', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    const receiver = await startReceiver();
    try {
      const alias = `fila.falha.${Date.now().toString(36)}`;
      const [logId] = await emitFailingEvents(api, receiver.url, alias, 1);
      await loginAsAdmin(page);
      await page.goto('/event-logs');
      await expect(page.getByRole('heading', { name: 'Log de Eventos' })).toBeVisible();
      await page.getByLabel('Tipo de evento').fill(alias);
      const row = page.getByTestId('event-log-row').filter({ hasText: alias });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('Falhou');
      await expect(row).toContainText('0/3');

      await expect(page).toHaveURL(new RegExp(`eventType=${alias.replaceAll('.', '\\.')}`));

      // The filter lives in the URL: back from the detail, the list is as it was left.
      await row.getByRole('link', { name: 'Ver detalhes' }).click();
      await expect(page).toHaveURL(new RegExp(`/event-logs/${logId}$`));
      await expect(page.getByTestId('event-log-error')).toContainText('500');
      await page.goBack();
      await expect(page.getByLabel('Tipo de evento')).toHaveValue(alias);
      await expect(page.getByTestId('event-log-row')).toHaveCount(1);
      await row.getByRole('link', { name: 'Ver detalhes' }).click();
      await expect(page).toHaveURL(new RegExp(`/event-logs/${logId}$`));

      receiver.state.isFailing = false;
      await page.getByRole('button', { name: 'Reprocessar' }).click();
      await expect(page.getByText('Reprocessamento iniciado')).toBeVisible();
      await expect
        .poll(async () => (await api.get<{ status: string }>(`/rabbitmq/events/${logId}`)).status, {
          timeout: 20_000,
        })
        .toBe('SUCCESS');
      await page.reload();
      await expect(page.getByText('Sucesso').first()).toBeVisible();
      await expect(page.getByText('1/3').first()).toBeVisible();
      await expect(page.getByRole('button', { name: 'Reprocessar' })).toHaveCount(0);
    } finally {
      await receiver.close();
    }
  });

  test('When two failed events are selected, then the batch reprocess reports them and an empty selection cannot be sent', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    const receiver = await startReceiver();
    try {
      const alias = `fila.lote.${Date.now().toString(36)}`;
      await emitFailingEvents(api, receiver.url, alias, 2);
      await loginAsAdmin(page);
      await page.goto('/event-logs');
      await page.getByLabel('Tipo de evento').fill(alias);
      await expect(page.getByTestId('event-log-row')).toHaveCount(2);
      // The typed filter reaches the URL after its debounce and clears the selection; wait for it.
      await expect(page).toHaveURL(new RegExp(`eventType=${alias.replaceAll('.', '\\.')}`));

      const reprocessSelected = page.getByRole('button', { name: /Reprocessar selecionados/ });
      await expect(reprocessSelected).toBeDisabled();
      await expect(reprocessSelected).toHaveAttribute(
        'title',
        'Selecione eventos com falha para reprocessar.',
      );

      receiver.state.isFailing = false;
      await page.getByLabel('Selecionar todos os eventos com falha').click();
      await expect(page.getByRole('button', { name: /Reprocessar selecionados \(2\)/ })).toBeVisible();
      // A ticked row reprocessed on its own is no longer FAILED, so it leaves the batch.
      await page.getByTestId('event-log-row').first().getByRole('button', { name: 'Reprocessar' }).click();
      await expect(page.getByText('Reprocessamento iniciado')).toBeVisible();
      await page.getByRole('button', { name: /Reprocessar selecionados \(1\)/ }).click();
      await expect(page.getByText('1 eventos processados com sucesso, 0 falharam.')).toBeVisible();
      await expect
        .poll(
          async () =>
            (await api.get<EventLogList>(`/rabbitmq/events?eventType=${alias}&status=SUCCESS`)).data.length,
          { timeout: 20_000 },
        )
        .toBe(2);
    } finally {
      await receiver.close();
    }
  });

  test('When the log does not exist, then the detail says so', async ({ page, loginAsAdmin }) => {
    await loginAsAdmin(page);
    await page.goto('/event-logs/0190a0a0-0000-7000-8000-000000000000');
    await expect(page.getByText('Log de evento não encontrado')).toBeVisible();
  });
});
