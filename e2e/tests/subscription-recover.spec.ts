import { expect, test } from '../support/fixtures';
import { useReceiver } from '../support/receiver';
import { seedSubscribedEvent } from '../support/seed-event';

/** Deliveries per path: the first answers 410 (the system disables the subscription), then 200. */
const seen = new Map<string, number>();
const receiver = useReceiver((path) => {
  const count = (seen.get(path) ?? 0) + 1;
  seen.set(path, count);
  return count === 1 ? { status: 410, body: 'gone' } : { status: 200, body: 'ok' };
});

test.describe('Recuperar falhas', () => {
  test('When a reactivated subscription recovers since a time, then the dialog validates it and the toast counts the re-queued deliveries', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    const { application, event, subscriptions, suffix } = await seedSubscribedEvent(api, (suffix) => ({
      application: { visibility: 'PRIVATE' },
      event: { name: `Pedido Pago ${suffix}`, alias: `pedido.pago.${suffix}` },
      subscriptions: [
        {
          name: `Loja ${suffix}`,
          targetUrl: `${receiver.url}/loja-${suffix}`,
          jsonBody: { n: '{{payload.n}}' },
        },
      ],
    }));
    const [subscription] = subscriptions;
    if (!subscription) throw new Error('the subscription was not created');
    const path = `/loja-${suffix}`;
    const emit = async (n: number) =>
      expect(
        await api.emitWithApiKey(application.apiKey, {
          eventType: event.alias,
          applicationId: application.id,
          data: { n },
        }),
      ).toBe(202);
    const status = async () =>
      (await api.get<{ data: { status: string } }>(`/subscriptions/${subscription.id}`)).data.status;

    // The first delivery answers 410: disabled; two more events are skipped while it is.
    await emit(1);
    await expect.poll(status).toBe('FAILED');
    await emit(2);
    await emit(3);

    await loginAsAdmin(page);
    await page.goto(`/subscriptions/${subscription.id}`);
    await expect(page.getByTestId('disabled-notice')).toContainText('Recuperar falhas desde…');
    await expect(page.getByRole('button', { name: 'Recuperar falhas desde…' })).toHaveCount(0);

    // Reativar, then the recover is offered.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Ativa', exact: true }).click();
    await expect(page.getByText('Status alterado')).toBeVisible();
    await page.getByRole('button', { name: 'Recuperar falhas desde…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Recuperar falhas' });
    const since = dialog.getByLabel('Desde');
    // Offered from a day ago, in the browser's time zone.
    await expect(since).not.toHaveValue('');
    const dayAgo = await since.inputValue();

    await since.fill('');
    await dialog.getByRole('button', { name: 'Recuperar' }).click();
    await expect(dialog.getByText('Informe desde quando recuperar')).toBeVisible();

    await since.fill('2020-01-01T00:00');
    await dialog.getByRole('button', { name: 'Recuperar' }).click();
    await expect(page.getByText(/período de retenção/)).toBeVisible();

    await since.fill(dayAgo);
    await dialog.getByRole('button', { name: 'Recuperar' }).click();
    await expect(page.getByText('3 entregas reenfileiradas')).toBeVisible();
    await expect(dialog).toHaveCount(0);
    // The one that failed once and the two skipped arrive: four requests in all.
    await expect.poll(() => seen.get(path) ?? 0).toBe(4);
  });
});
