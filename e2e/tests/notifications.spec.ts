import type { Api } from '../support/api';
import { expect, test } from '../support/fixtures';
import { useReceiver } from '../support/receiver';
import { seedSubscribedEvent } from '../support/seed-event';

/** Every path answers 410: the first delivery disables its subscription. */
const receiver = useReceiver(() => ({ status: 410, body: 'gone' }));

type NotificationList = { data: Array<{ id: string; type: string; link: string }>; unread: number };

/** A subscription the system disabled (its receiver answered 410), and the notices that came of it. */
async function disabledSubscription(api: Api, path: string) {
  const { application, event, subscriptions } = await seedSubscribedEvent(api, (suffix) => ({
    application: { visibility: 'PRIVATE' },
    event: { name: `Pedido Pago ${suffix}`, alias: `pedido.pago.${suffix}` },
    subscriptions: [{ name: `Loja ${suffix}`, targetUrl: `${receiver.url}${path}`, jsonBody: { a: 1 } }],
  }));
  const [subscription] = subscriptions;
  if (!subscription) throw new Error('the subscription was not created');
  const emitted = { eventType: event.alias, applicationId: application.id, data: { pedido: 1 } };
  expect(await api.emitWithApiKey(application.apiKey, emitted)).toBe(202);
  // The worker turns the disable and the failed delivery into notices within OPERATIONAL_EVENTS_POLL_MS.
  const links = [
    `/subscriptions/${subscription.id}`,
    `/logs?subscriptionId=${subscription.id}&status=FAILED`,
  ];
  await expect
    .poll(
      async () => {
        const { data } = await api.get<NotificationList>('/notifications?unread=true&limit=100');
        return links.filter((link) => data.some((notice) => notice.link === link)).length;
      },
      { timeout: 20_000 },
    )
    .toBe(2);
  return subscription;
}

test.describe('Avisos', () => {
  test('When a subscription is disabled, then the bell counts it, the list links to it, and it can be marked read one by one or all at once', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    const first = await disabledSubscription(api, '/primeira');
    await disabledSubscription(api, '/segunda');
    const { unread } = await api.get<NotificationList>('/notifications?unread=true&limit=1');
    expect(unread).toBeGreaterThanOrEqual(2);

    await loginAsAdmin(page);
    const bell = page.getByTestId('notification-bell');
    await expect(page.getByTestId('notification-count')).toHaveText(String(unread));
    await bell.click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.getByRole('heading', { name: 'Avisos' })).toBeVisible();
    const items = page.getByTestId('notification-item');
    await expect(items).toHaveCount(unread);
    const firstItem = items.filter({ hasText: first.name }).filter({ hasText: 'Assinatura desativada' });
    await expect(firstItem).toContainText('Assinatura desativada');
    await expect(firstItem).toContainText('o destino respondeu 410 (Gone)');

    // One read: the bell counts one fewer, and 'Só não lidos' leaves it out.
    await firstItem.getByRole('button', { name: 'Marcar como lida' }).click();
    await expect(page.getByTestId('notification-count')).toHaveText(String(unread - 1));
    await page.getByLabel(/Só não lidos/).click();
    await expect(page).toHaveURL(/unread=true/);
    await expect(items).toHaveCount(unread - 1);

    // All read: the bell shows no count, the unread list is empty.
    await page.getByRole('button', { name: 'Marcar todas como lidas' }).click();
    await expect(page.getByText(/avisos? marcados? como lidos?/)).toBeVisible();
    await expect(page.getByTestId('notification-count')).toHaveCount(0);
    await expect(page.getByText('Nenhum aviso não lido')).toBeVisible();

    // A notice links to its subscription's detail.
    await page.getByLabel(/Só não lidos/).click();
    await firstItem.getByRole('link', { name: 'Assinatura desativada' }).click();
    await expect(page).toHaveURL(new RegExp(`/subscriptions/${first.id}$`));
    await expect(page.getByTestId('disabled-notice')).toBeVisible();
  });
});
