import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { findUnreachableActions } from '../support/reachable-actions';
import { openFirstRow, seedEveryList, seedEveryListAndSignIn } from '../support/seed-lists';

/** Whether the page is wider than the screen (the user would have to scroll sideways). */
const isWiderThanScreen = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

/** The main lists: what each row card must show, and one filter that folds behind 'Filtros'. */
const LISTS = [
  { path: '/events', cells: ['Status', 'Alias'], filter: 'Filtrar por aplicação' },
  { path: '/subscriptions', cells: ['Status', 'URL de destino'], filter: 'Filtrar por status' },
  { path: '/logs', cells: ['Status', 'HTTP'], filter: 'Status' },
  { path: '/event-logs', cells: ['Status', 'Organização'], filter: 'Status' },
  { path: '/event-rules', cells: ['Status', 'Aplicação'], filter: 'Filtrar por status' },
] as const;

test.describe('Phone screen (390×844)', () => {
  test('When the main lists open, then stats are 2×2, rows are cards with status, code and actions, and filters fold', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    await seedEveryListAndSignIn(api, () => loginAsAdmin(page));

    for (const list of LISTS) {
      const row = await openFirstRow(page, list.path);
      expect(await isWiderThanScreen(page), `${list.path}: wider than the screen`).toBe(false);

      // Stat cards: two by two, measured once all four are shown.
      await expect(page.getByTestId('stat-card'), `${list.path}: stat cards`).toHaveCount(4);
      const cards = await page
        .getByTestId('stat-card')
        .evaluateAll((elements) =>
          elements.map((element) => element.getBoundingClientRect()).map(({ x, y }) => ({ x, y })),
        );
      const [first, second, third, fourth] = cards;
      expect(cards, `${list.path}: stat cards`).toHaveLength(4);
      expect(second?.y, `${list.path}: 2nd card beside the 1st`).toBe(first?.y);
      expect(third?.x, `${list.path}: 3rd card under the 1st`).toBe(first?.x);
      expect(third?.y ?? 0, `${list.path}: 3rd card on a second line`).toBeGreaterThan(first?.y ?? 0);
      expect(fourth?.y, `${list.path}: 4th card beside the 3rd`).toBe(third?.y);

      // The row is a card no wider than the screen, with its status, code and actions in sight.
      const box = await row.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390, `${list.path}: row card fits`).toBe(true);
      for (const label of list.cells) {
        await expect(row.locator(`td[data-label="${label}"]`), `${list.path}: ${label}`).toBeInViewport();
      }
      const actions = await findUnreachableActions(row);
      expect(actions.count, `${list.path}: actions`).toBeGreaterThan(0);
      expect(actions.unreachable, `${list.path}: actions out of reach`).toEqual([]);

      // Filters wait behind 'Filtros'.
      const filter = page.getByRole('combobox', { name: list.filter, exact: true });
      await expect(filter, `${list.path}: folded filter`).toBeHidden();
      await page.getByRole('button', { name: /^Filtros/ }).click();
      await expect(filter, `${list.path}: unfolded filter`).toBeVisible();
    }
  });

  test('When the detail screens open, then nothing needs scrolling sideways and the home stats are 2×2', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    const { application, immediate, queued, subscriptions } = await seedEveryList(api);
    const deliveries = await api.get<{ data: Array<{ id: string }> }>(`/logs?eventId=${immediate.id}`);
    const eventLogs = await api.get<{ data: Array<{ id: string }> }>(`/rabbitmq/events?eventId=${queued.id}`);
    await loginAsAdmin(page);

    // The cards may still be loading after the sign-in: measure until they are laid out.
    const homeLines = async () => {
      const tops = await page
        .getByTestId('stat-card')
        .evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().y)));
      return new Set(tops).size;
    };
    await expect.poll(homeLines, { message: 'home stat cards on two lines' }).toBe(2);

    const details = [
      `/applications/${application.id}`,
      `/events/${immediate.id}`,
      `/subscriptions/${subscriptions[0]?.id}`,
      `/logs/${deliveries.data[0]?.id}`,
      `/event-logs/${eventLogs.data[0]?.id}`,
    ];
    for (const path of details) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(await isWiderThanScreen(page), `${path}: wider than the screen`).toBe(false);
    }
  });
});
