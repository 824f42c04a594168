import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { useReceiver } from '../support/receiver';

/** Any path with 'fail' answers 500; the others 200. */
const receiver = useReceiver((path) => ({ status: path.includes('fail') ? 500 : 200, body: 'ok' }));

/** Picks `option` in the Radix select labelled `label`. */
async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

type Log = { id: string; status: string; orderingKey: string | null; isWaitingForPrevious: boolean };

test.describe('Entrega em ordem (FIFO)', () => {
  test('When a FIFO key holds behind a failed delivery, then the logs show it waiting, and Pular lets it go', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    test.setTimeout(120_000);
    const suffix = Date.now().toString(36);
    const { data: application } = await api.post<{ data: { id: string; apiKey: string } }>('/applications', {
      name: `Loja ${suffix}`,
    });
    await loginAsAdmin(page);

    await page.goto(`/events/new?applicationId=${application.id}`);
    await page.getByLabel('Nome', { exact: true }).fill('Pedido atualizado');
    await page.getByLabel('Alias', { exact: true }).fill(`pedido.atualizado.${suffix}`);
    await choose(page, 'Tipo de fila', 'FIFO');
    await expect(page.getByTestId('fifo-help')).toContainText('Entrega em ordem (FIFO)');
    await page.getByRole('switch', { name: 'Habilitar callbacks' }).click();
    await page.getByRole('button', { name: 'Criar Evento' }).click();
    await expect(page.getByText('Evento criado')).toBeVisible();
    await expect(page).toHaveURL(/\/events\/[0-9a-f-]{36}$/);
    const eventId = page.url().split('/').pop() as string;
    // One attempt only: the failed delivery is final at once.
    await api.put(`/events/${eventId}`, { maxRetries: 0 });
    const { data: subscription } = await api.post<{ data: { id: string } }>('/subscriptions', {
      eventId,
      name: `ERP ${suffix}`,
      targetUrl: `${receiver.url}/fifo`,
      jsonBody: { n: '{{payload.n}}' },
      fifoOnFailure: 'HOLD',
    });
    // The receiver fails by path: key a's first delivery is emitted while the URL fails, then it is fixed.
    await api.put(`/subscriptions/${subscription.id}`, { targetUrl: `${receiver.url}/fifo-fail` });
    const emit = (orderingKey: string, n: number) =>
      api.emitWithApiKey(application.apiKey, {
        eventType: `pedido.atualizado.${suffix}`,
        applicationId: application.id,
        orderingKey,
        data: { n },
      });
    expect(await emit('a', 0)).toBe(202);
    const logsOf = async () =>
      (await api.get<{ data: Log[] }>(`/logs?subscriptionId=${subscription.id}`)).data;
    await expect.poll(async () => (await logsOf()).map((log) => log.status)).toEqual(['FAILED']);
    await api.put(`/subscriptions/${subscription.id}`, { targetUrl: `${receiver.url}/fifo` });
    expect(await emit('a', 1)).toBe(202);
    expect(await emit('b', 0)).toBe(202);
    await expect
      .poll(async () =>
        (await logsOf()).filter((log) => log.status === 'SUCCESS').map((log) => log.orderingKey),
      )
      .toEqual(['b']);

    await page.goto(`/logs?subscriptionId=${subscription.id}`);
    await expect(page.getByTestId('waiting-for-previous')).toHaveCount(1);
    await expect(page.getByText('chave: a').first()).toBeVisible();

    const failed = (await logsOf()).find((log) => log.status === 'FAILED') as Log;
    await page.goto(`/logs/${failed.id}`);
    await expect(page.getByTestId('ordering-key')).toHaveText('a');
    await page.getByRole('button', { name: 'Pular', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Pular entrega' });
    // A blank reason is refused in the form, in pt-BR, before any request.
    await dialog.getByLabel('Motivo').fill('   ');
    await dialog.getByRole('button', { name: 'Pular entrega' }).click();
    await expect(dialog.getByText('Motivo é obrigatório')).toBeVisible();
    await dialog.getByLabel('Motivo').fill('pedido cancelado');
    await dialog.getByRole('button', { name: 'Pular entrega' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('Entrega pulada')).toBeVisible();
    await expect(page.getByTestId('skip-reason')).toContainText('pedido cancelado');
    await expect.poll(async () => (await logsOf()).every((log) => log.status !== 'PENDING')).toBe(true);
    await expect(page.getByRole('button', { name: 'Pular', exact: true })).toHaveCount(0);
  });
});
