import { expect, test } from '../support/fixtures';
import { findUnreachableActions } from '../support/reachable-actions';
import { LIST_PAGES, openFirstRow, seedEveryListAndSignIn } from '../support/seed-lists';

test.use({ viewport: { width: 1280, height: 800 } });

test.describe('List actions at 1280×800', () => {
  test('When a list has long values, then every action of its first row is on screen without scrolling sideways', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    await seedEveryListAndSignIn(api, () => loginAsAdmin(page));
    for (const list of LIST_PAGES) {
      const row = await openFirstRow(page, list.path, list.row);
      const result = await findUnreachableActions(row);
      expect.soft(result.count, `${list.name}: actions of the first row`).toBeGreaterThan(0);
      expect.soft(result.unreachable, `${list.name}: actions out of reach`).toEqual([]);
    }
  });

  test('When a target URL is long, then the list shows it cut with the whole URL on hover', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    const { suffix } = await seedEveryListAndSignIn(api, () => loginAsAdmin(page));
    await page.goto(`/subscriptions?search=${suffix}`);
    const url = page
      .locator('tbody tr')
      .first()
      .getByTitle(/^http:\/\/127\.0\.0\.1:9\/webhooks/);
    await expect(url).toBeVisible();
    // Layout may still settle after the text shows: measure until it is cut.
    await expect.poll(() => url.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await expect(url).toHaveAttribute('title', /token=abcdefghijklmnopqrstuvwxyz0123456789$/);
  });
});
