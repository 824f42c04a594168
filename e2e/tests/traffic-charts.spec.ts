import { expect as pollExpect, type Request } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { useReceiver } from '../support/receiver';
import { seedSubscribedEvent } from '../support/seed-event';

const receiver = useReceiver(() => ({ status: 200 }));
/** A closed port on 127.0.0.1: every delivery to it fails. */
const DEAD_TARGET = 'http://127.0.0.1:9/falha';

const SUMMARY = /Sucesso: 3 · Reenviando: 0 · Falhou: 1 · Pendente: 0 · Ignorado: 2 · Taxa de sucesso: 75%/;

test.describe('Traffic as pictures', () => {
  let okSubscriptionId = '';

  // Three deliveries succeed, one fails for good and two are ignored by a filter: what every chart shows.
  test.beforeEach(async ({ api }) => {
    if (okSubscriptionId) return;
    const { application, event, subscriptions } = await seedSubscribedEvent(api, (suffix) => ({
      event: { name: `Pedido pago ${suffix}`, alias: `pedido.pago.${suffix}`, maxRetries: 0 },
      subscriptions: [
        { name: `Loja ${suffix}`, targetUrl: `${receiver.url}/ok`, jsonBody: { a: 1 } },
        {
          name: `Falha ${suffix}`,
          targetUrl: DEAD_TARGET,
          jsonBody: { a: 1 },
          filters: [{ origin: 'BODY', field: 'valor', operator: '=', value: '300' }],
        },
      ],
    }));
    okSubscriptionId = subscriptions[0]?.id ?? '';
    for (const valor of [100, 200, 300]) {
      await api.post('/events/emit', {
        eventType: event.alias,
        applicationId: application.id,
        data: { valor },
      });
    }
    await pollExpect
      .poll(
        async () => (await api.get<{ stats: Record<string, number> }>(`/logs?eventId=${event.id}`)).stats,
        {
          timeout: 30_000,
        },
      )
      .toEqual({ SUCCESS: 3, FAILED: 1, IGNORED: 2, PENDING: 0, RETRYING: 0 });
  });

  test('When deliveries happened, then / and /logs chart them per minute by status with the success rate', async ({
    page,
    loginAsAdmin,
  }) => {
    await loginAsAdmin(page);
    for (const path of ['/', '/logs']) {
      await page.goto(path);
      const charts = page.getByTestId('traffic-charts');
      await expect(charts.getByText('Entregas por minuto')).toBeVisible();
      await expect(charts.getByRole('tab', { name: '24 h', selected: true })).toBeVisible();
      await expect(charts.getByTestId('traffic-summary')).toHaveText(SUMMARY);
      // One stacked area per status, and the hourly success-rate line.
      await expect(charts.locator('.recharts-area')).toHaveCount(5);
      await expect(charts.locator('.recharts-line')).toHaveCount(1);
    }
  });

  test('When the week is chosen, then the same deliveries show in ten-minute buckets on round-time ticks', async ({
    page,
    loginAsAdmin,
  }) => {
    await loginAsAdmin(page);
    await page.goto('/');
    const charts = page.getByTestId('traffic-charts');
    await charts.getByRole('tab', { name: '7 d' }).click();
    await expect(charts.getByText('Entregas a cada 10 minutos')).toBeVisible();
    await expect(charts.getByTestId('traffic-summary')).toHaveText(SUMMARY);
    // A young install starts the chart at its data, so the ticks are times of day on multiples of 5 minutes.
    const ticks = charts.locator('.recharts-cartesian-axis-tick-value').filter({ hasText: /:/ });
    await expect(ticks.first()).toBeVisible();
    for (const tick of await ticks.allTextContents()) expect(tick).toMatch(/^\d\d:[0-5][05]$/);
  });

  test("When a subscription's page opens, then its response time p50/p95 and success rate are charted", async ({
    page,
    loginAsAdmin,
  }) => {
    await loginAsAdmin(page);
    await page.goto(`/subscriptions/${okSubscriptionId}`);
    const performance = page.getByTestId('subscription-performance');
    await expect(performance.getByText('Desempenho (últimas 24 h)')).toBeVisible();
    await expect(performance.getByTestId('response-time-summary')).toHaveText(
      /Últimas 24 h: p50 \d+ ms · p95 \d+ ms · taxa de sucesso 100%/,
    );
    await expect(performance.locator('.recharts-line')).toHaveCount(3);
  });

  test('When /login opens, then the chart code is not loaded; the home page loads it', async ({
    page,
    server,
  }) => {
    const scripts: string[] = [];
    const keep = (request: Request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    };
    page.on('request', keep);
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    expect(scripts.filter((path) => /traffic-charts|response-time-chart/.test(path))).toEqual([]);

    await page.getByLabel('Email').fill(server.admin.email);
    await page.getByLabel('Senha', { exact: true }).fill(server.admin.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByTestId('traffic-charts')).toBeVisible();
    expect(scripts.some((path) => /traffic-charts/.test(path))).toBe(true);
  });
});
