import type { Api } from '../support/api';
import { expect, test } from '../support/fixtures';
import { useReceiver } from '../support/receiver';
import { QUEUED_WITHOUT_RETRIES, waitForEventLogs } from '../support/seed-event';

/** The webhook receiver fails (500) until a test fixes it; each test starts with it failing. */
const receiver = { isFailing: true };
const target = useReceiver(() =>
  receiver.isFailing
    ? { status: 500, headers: { 'content-type': 'text/plain' }, body: 'fora do ar' }
    : { status: 200, headers: { 'content-type': 'text/plain' }, body: 'ok' },
);
test.beforeEach(() => {
  receiver.isFailing = true;
});

/** A RABBITMQ event without automatic retries, subscribed by the receiver, and `count` emits of it, all FAILED. */
async function emitFailingEvents(api: Api, alias: string, count: number) {
  const { data: application } = await api.post<{ data: { id: string } }>('/applications', {
    name: `Fila ${alias}`,
  });
  const { data: event } = await api.post<{ data: { id: string } }>('/events', {
    applicationId: application.id,
    name: `Evento ${alias}`,
    alias,
    ...QUEUED_WITHOUT_RETRIES,
  });
  await api.post('/subscriptions', {
    eventId: event.id,
    name: `Destino ${alias}`,
    targetUrl: `${target.url}/hook`,
    jsonBody: { alias },
  });
  for (let index = 0; index < count; index += 1) {
    await api.post('/events/emit', { eventType: alias, applicationId: application.id, data: { index } });
  }
  const failed = await waitForEventLogs(api, `eventType=${alias}&status=FAILED`, count);
  return failed.map((log) => log.id);
}

test.describe('Log de Eventos', () => {
  test('When a queued event fails, then it shows FAILED and reprocessing after the fix makes it SUCCESS', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    const alias = `fila.falha.${Date.now().toString(36)}`;
    const [logId] = await emitFailingEvents(api, alias, 1);
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

    receiver.isFailing = false;
    await page.getByRole('button', { name: 'Reprocessar' }).click();
    await expect(page.getByText('Reprocessamento iniciado')).toBeVisible();
    await expect
      .poll(
        async () => (await api.get<{ data: { status: string } }>(`/rabbitmq/events/${logId}`)).data.status,
        {
          timeout: 20_000,
        },
      )
      .toBe('SUCCESS');
    await page.reload();
    await expect(page.getByText('Sucesso').first()).toBeVisible();
    await expect(page.getByText('1/3').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reprocessar' })).toHaveCount(0);
  });

  test('When two failed events are selected, then the batch reprocess reports them and an empty selection cannot be sent', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    const alias = `fila.lote.${Date.now().toString(36)}`;
    await emitFailingEvents(api, alias, 2);
    await loginAsAdmin(page);
    await page.goto('/event-logs');
    await page.getByLabel('Tipo de evento').fill(alias);
    await expect(page.getByTestId('event-log-row')).toHaveCount(2);
    // The typed filter reaches the URL after its debounce and clears the selection; wait for it.
    await expect(page).toHaveURL(new RegExp(`eventType=${alias.replaceAll('.', '\\.')}`));

    const reprocessSelected = page.getByRole('button', { name: /Reprocessar selecionados/ });
    await expect(reprocessSelected).toBeDisabled();
    await expect(reprocessSelected).toHaveAttribute('title', 'Selecione eventos com falha para reprocessar.');

    receiver.isFailing = false;
    await page.getByLabel('Selecionar todos os eventos com falha').click();
    await expect(page.getByRole('button', { name: /Reprocessar selecionados \(2\)/ })).toBeVisible();
    // A ticked row reprocessed on its own is no longer FAILED, so it leaves the batch.
    await page.getByTestId('event-log-row').first().getByRole('button', { name: 'Reprocessar' }).click();
    await expect(page.getByText('Reprocessamento iniciado')).toBeVisible();
    await page.getByRole('button', { name: /Reprocessar selecionados \(1\)/ }).click();
    await expect(page.getByText('1 eventos processados com sucesso, 0 falharam.')).toBeVisible();
    await waitForEventLogs(api, `eventType=${alias}&status=SUCCESS`, 2);
  });

  test('When the log does not exist, then the detail says so', async ({ page, loginAsAdmin }) => {
    await loginAsAdmin(page);
    await page.goto('/event-logs/0190a0a0-0000-7000-8000-000000000000');
    await expect(page.getByText('Log de evento não encontrado')).toBeVisible();
  });
});
