import type { Api } from '../support/api';
import { expect, test } from '../support/fixtures';
import { useReceiver } from '../support/receiver';
import { seedSubscribedEvent } from '../support/seed-event';

/** Requests seen per path: '/back' answers 410 the first time, then 200; '/gone' always 410. */
const seen = new Map<string, number>();
const receiver = useReceiver((path) => {
  const count = (seen.get(path) ?? 0) + 1;
  seen.set(path, count);
  const isGone = path.startsWith('/gone') || (path.startsWith('/back') && count === 1);
  return { status: isGone ? 410 : 200, body: JSON.stringify({ recebido: !isGone }) };
});

/** A subscription whose first delivery answered 410, so the system set it FAILED; with its failed log. */
async function disabledSubscription(api: Api, path: string) {
  const { application, event, subscriptions } = await seedSubscribedEvent(api, (suffix) => ({
    application: { visibility: 'PRIVATE' },
    event: { name: `Nota Emitida ${suffix}`, alias: `nota.emitida.${suffix}` },
    subscriptions: [
      { name: `ERP ${suffix}`, targetUrl: `${receiver.url}${path}`, jsonBody: { nota: '{{payload.nota}}' } },
    ],
  }));
  const [subscription] = subscriptions;
  if (!subscription) throw new Error('the subscription was not created');
  const emitted = { eventType: event.alias, applicationId: application.id, data: { nota: 7 } };
  expect(await api.emitWithApiKey(application.apiKey, emitted)).toBe(202);
  await expect
    .poll(
      async () =>
        (await api.get<{ data: { status: string } }>(`/subscriptions/${subscription.id}`)).data.status,
    )
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
    loginAsAdmin,
  }) => {
    const { subscription, log } = await disabledSubscription(api, '/back');

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
      .poll(async () => (await api.get<{ data: { status: string } }>(`/logs/${log.id}`)).data.status)
      .toBe('SUCCESS');

    await page.goto(`/subscriptions/${subscription.id}`);
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('Ativa');
    await expect(page.getByTestId('disabled-notice')).toHaveCount(0);
  });

  test('When Ativa is chosen in the edit form of a FAILED subscription, then saving reactivates it', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    const { subscription } = await disabledSubscription(api, '/gone-edit');

    await loginAsAdmin(page);
    await page.goto(`/subscriptions/${subscription.id}/edit`);
    const status = page.getByRole('combobox', { name: 'Status' });
    await expect(status).toHaveText('Falhou');
    await status.click();
    await page.getByRole('option', { name: 'Ativa', exact: true }).click();
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await expect(page).toHaveURL(new RegExp(`/subscriptions/${subscription.id}$`));
    await expect(page.getByRole('combobox', { name: 'Status' })).toHaveText('Ativa');
    expect(
      (await api.get<{ data: { status: string } }>(`/subscriptions/${subscription.id}`)).data.status,
    ).toBe('ACTIVE');
  });

  test('When Pausada is chosen on the detail, then the status changes at once', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    const { subscription } = await disabledSubscription(api, '/gone-detail');

    await loginAsAdmin(page);
    await page.goto(`/subscriptions/${subscription.id}`);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Pausada' }).click();
    await expect(page.getByText('Status alterado')).toBeVisible();
    await expect(page.getByTestId('disabled-notice')).toHaveCount(0);
    expect(
      (await api.get<{ data: { status: string } }>(`/subscriptions/${subscription.id}`)).data.status,
    ).toBe('PAUSED');
  });
});
