import { type Page, expect as pollExpect, type Response } from '@playwright/test';
import type { Api } from '../support/api';
import { expect, test } from '../support/fixtures';
import { useReceiver } from '../support/receiver';
import { watchRequests } from '../support/requests';
import { QUEUED_WITHOUT_RETRIES, seedSubscribedEvent, waitForEventLogs } from '../support/seed-event';

const receiver = useReceiver((path) => (path.startsWith('/quebrado') ? { status: 500 } : { status: 200 }));
const DEAD_TARGET = 'http://127.0.0.1:9/fora';

/** A RABBITMQ event sending to `targetUrl`, emitted once (with `organizationId` when given); its settled log. */
async function queuedLog(api: Api, targetUrl: () => string, status: string, organizationId?: string) {
  const { application, event } = await seedSubscribedEvent(api, (suffix) => ({
    event: { name: `Fila ${suffix}`, alias: `fila.${suffix}`, ...QUEUED_WITHOUT_RETRIES },
    subscriptions: [{ name: `Destino ${suffix}`, targetUrl: targetUrl(), jsonBody: { a: 1 } }],
  }));
  await api.post('/events/emit', {
    eventType: event.alias,
    applicationId: application.id,
    data: { n: 1 },
    ...(organizationId ? { organizationId } : {}),
  });
  const [log] = await waitForEventLogs(api, `eventType=${event.alias}&status=${status}`, 1);
  if (!log) throw new Error('no event log');
  return log;
}

/** Every /v1 answer with status 404 from now on. */
function watchNotFound(page: Page) {
  const notFound: string[] = [];
  page.on('response', (response: Response) => {
    if (response.status() === 404 && response.url().includes('/v1/')) notFound.push(response.url());
  });
  return notFound;
}

test.describe('Numbers that read right', () => {
  test('When a delivery is RETRYING after an answer, then Processado em shows its last attempt', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    const { application, event, subscriptions } = await seedSubscribedEvent(api, (suffix) => ({
      event: { name: `Retentativa ${suffix}`, alias: `retentativa.${suffix}`, maxRetries: 5 },
      subscriptions: [
        { name: `Quebrado ${suffix}`, targetUrl: `${receiver.url}/quebrado`, jsonBody: { a: 1 } },
      ],
    }));
    await api.post('/events/emit', { eventType: event.alias, applicationId: application.id, data: { n: 1 } });
    await pollExpect
      .poll(
        async () =>
          (await api.get<{ data: Array<{ status: string }> }>(`/logs?eventId=${event.id}`)).data[0]?.status,
        {
          timeout: 20_000,
        },
      )
      .toBe('RETRYING');
    await loginAsAdmin(page);
    await page.goto(`/logs?subscriptionId=${subscriptions[0]?.id}`);
    const row = page.locator('tbody tr').first();
    await expect(row).toContainText('última tentativa');
    await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}/);
    await expect(row).not.toContainText('Não processado');
  });

  test('When a queued event was tried, then /event-logs counts delivery attempts apart from reprocesses, and a missing organization reads —', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    const withoutOrganization = await queuedLog(api, () => DEAD_TARGET, 'FAILED');
    const withOrganization = await queuedLog(api, () => DEAD_TARGET, 'FAILED', 'filial-recife');
    await loginAsAdmin(page);
    await page.goto('/event-logs');
    const rowOf = (id: string) =>
      page.getByTestId('event-log-row').filter({ has: page.locator(`a[href$="${id}"]`) });
    const plain = rowOf(withoutOrganization.id);
    await expect(plain).toContainText('Entregas: 1');
    await expect(plain).toContainText('Reprocessos: 0/3');
    await expect(plain.locator('td').nth(3)).toHaveText('—');
    await expect(rowOf(withOrganization.id).locator('td').nth(3)).toContainText('filial-recife');

    await page.goto(`/event-logs/${withoutOrganization.id}`);
    await expect(page.getByText('Tentativas de entrega').first()).toBeVisible();
    await expect(page.getByText('Reprocessamentos').first()).toBeVisible();
    await expect(page.getByText('(não enviado; vale o da aplicação)')).toBeVisible();
  });

  test('When /event-logs is seen at 1366 px, then every column fits and a successful row shows no red dash', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    const succeeded = await queuedLog(api, () => `${receiver.url}/ok`, 'SUCCESS');
    const failed = await queuedLog(api, () => DEAD_TARGET, 'FAILED');
    await page.setViewportSize({ width: 1366, height: 768 });
    await loginAsAdmin(page);
    await page.goto('/event-logs');
    const rowOf = (id: string) =>
      page.getByTestId('event-log-row').filter({ has: page.locator(`a[href$="${id}"]`) });
    await expect(rowOf(succeeded.id)).toBeVisible();
    const processedHeader = page.getByRole('columnheader', { name: 'Processado em' });
    const box = await processedHeader.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(1366);
    const overflow = await page
      .locator('table')
      .first()
      .evaluate((table) => (table.parentElement?.scrollWidth ?? 0) - (table.parentElement?.clientWidth ?? 0));
    expect(overflow).toBeLessThanOrEqual(0);

    const errorCell = (id: string) => rowOf(id).locator('td[data-label="Erro"]');
    await expect(errorCell(succeeded.id)).toHaveText('—');
    const successColor = await errorCell(succeeded.id).evaluate((cell) => getComputedStyle(cell).color);
    const failureColor = await errorCell(failed.id).evaluate((cell) => getComputedStyle(cell).color);
    expect(successColor).not.toBe(failureColor);
  });

  test('When an event, a rule or an event type is deleted from its page, then nothing asks for it again (no 404)', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    const { application, event } = await seedSubscribedEvent(api, (suffix) => ({
      event: { name: `Apagar ${suffix}`, alias: `apagar.${suffix}` },
    }));
    const { data: route } = await api.post<{ data: { id: string } }>('/routes', {
      name: 'Rota apagável',
      endpoint: '/webhooks/apagavel',
      applicationId: application.id,
    });
    const { data: eventType } = await api.post<{ data: { id: string } }>('/route-event-types', {
      routeId: route.id,
      name: 'Tipo apagável',
      alias: 'tipo.apagavel',
    });
    const { data: rule } = await api.post<{ data: { id: string } }>('/event-rules', {
      name: 'Regra apagável',
      applicationId: application.id,
      routeId: route.id,
      routeEventTypeId: eventType.id,
      conditions: {
        type: 'tipo.apagavel',
        logic: 'AND',
        rules: [{ field: 'data.a', operator: 'EQUALS', values: ['b'], caseSensitive: false }],
      },
    });
    await loginAsAdmin(page);
    const notFound = watchNotFound(page);
    const deleteFrom = async (path: string, button: string | RegExp, landing: RegExp) => {
      await page.goto(path);
      await page.getByRole('button', { name: button }).first().click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Deletar' }).click();
      await expect(page).toHaveURL(landing);
    };
    await deleteFrom(`/event-rules/${rule.id}`, 'Excluir regra', /\/event-rules$/);
    await deleteFrom(
      `/routes/${route.id}/event-types/${eventType.id}`,
      /Deletar tipo/,
      new RegExp(`/routes/${route.id}$`),
    );
    const requests = watchRequests(page);
    await deleteFrom(`/events/${event.id}`, 'Deletar evento', /\/events$/);
    await requests.settled();
    expect(notFound).toEqual([]);
  });
});
