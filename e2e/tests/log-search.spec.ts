import { expect, test } from '../support/fixtures';
import { useReceiver } from '../support/receiver';

const receiver = useReceiver(() => ({ status: 200 }));

test.describe('Busca nos logs', () => {
  test('When the match is past the first page, then the search on /logs and /event-logs still finds it', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    const suffix = Date.now().toString(36);
    const { data: application } = await api.post<{ data: { id: string; apiKey: string } }>('/applications', {
      name: `Loja ${suffix}`,
    });
    const newEvent = async (name: string, alias: string, queueType: 'IMMEDIATE' | 'RABBITMQ') => {
      const { data: event } = await api.post<{ data: { id: string; alias: string } }>('/events', {
        applicationId: application.id,
        name,
        alias,
        queueType,
        ...(queueType === 'RABBITMQ'
          ? { delayBetweenSends: 100, messageTtl: 3_600_000, maxRetries: 3, priority: 5 }
          : {}),
      });
      return event;
    };
    const nota = await newEvent(`Nota fiscal emitida ${suffix}`, `nota.fiscal.${suffix}`, 'RABBITMQ');
    const pedido = await newEvent(`Pedido criado ${suffix}`, `pedido.criado.${suffix}`, 'RABBITMQ');
    for (const event of [nota, pedido]) {
      await api.post('/subscriptions', {
        eventId: event.id,
        name: `Destino ${event.alias}`,
        targetUrl: `${receiver.url}/ok`,
        jsonBody: { ok: true },
      });
    }
    const emit = async (alias: string, externalEventId: string) => {
      const emitted = { eventType: alias, applicationId: application.id, externalEventId, data: {} };
      expect(await api.emitWithApiKey(application.apiKey, emitted)).toBe(202);
    };
    // The oldest is the one searched for: 25 newer ones push it to the second page of each list.
    await emit(nota.alias, `nf-${suffix}`);
    for (let index = 0; index < 25; index += 1) await emit(pedido.alias, `pedido-${suffix}-${index}`);
    await expect
      .poll(async () => (await api.get<{ stats: { SUCCESS: number } }>('/logs')).stats.SUCCESS, {
        timeout: 30_000,
      })
      .toBe(26);

    await loginAsAdmin(page);
    await page.goto('/logs');
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: `Pedido criado ${suffix}` })
        .first(),
    ).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: `Nota fiscal emitida ${suffix}` })).toHaveCount(0);
    await page.getByLabel('Buscar').fill('nota fiscal');
    await expect(page).toHaveURL(/search=nota\+fiscal|search=nota%20fiscal/);
    await expect(page.getByRole('row').filter({ hasText: `Nota fiscal emitida ${suffix}` })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: `Pedido criado ${suffix}` })).toHaveCount(0);

    await page.goto('/event-logs');
    await expect(page.getByRole('row').filter({ hasText: pedido.alias }).first()).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: nota.alias })).toHaveCount(0);
    await page.getByLabel('Buscar').fill(`nf-${suffix}`);
    await expect(page.getByRole('row').filter({ hasText: nota.alias })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: pedido.alias })).toHaveCount(0);
  });
});
