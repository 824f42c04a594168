import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { seedEveryListAndSignIn } from '../support/seed-lists';

type Created = { id: string };
type Listed = { data: Created[] };

/** A page, and the tabs to open on it one after the other (its first tab shows on arrival). */
type Visit = { path: string; tabs?: string[] };

const SCREENS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/**
 * What a user would have to scroll sideways to read, and the cards that lie over one another: the
 * document's width past the screen's, and each pair of visible cards whose boxes intersect while
 * neither holds the other.
 */
function findLayoutFlaws(page: Page) {
  return page.evaluate(() => {
    const flaws: string[] = [];
    const width = document.documentElement.scrollWidth;
    if (width > window.innerWidth) {
      // Name the outermost elements that stick out, where a fix starts.
      const outermost = Array.from(document.body.querySelectorAll<HTMLElement>('*'))
        .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
        .filter(
          (element) => (element.parentElement?.getBoundingClientRect().right ?? 0) <= window.innerWidth + 1,
        )
        .map((element) => `${element.tagName.toLowerCase()}.${String(element.className).slice(0, 60)}`);
      flaws.push(
        `${width} px wide on a ${window.innerWidth} px screen (${outermost.slice(0, 3).join(' | ')})`,
      );
    }
    const cards = Array.from(document.querySelectorAll<HTMLElement>('[data-slot="card"]')).filter(
      (card) => card.getClientRects().length > 0,
    );
    const nameOf = (card: HTMLElement) =>
      (card.querySelector('h3')?.textContent ?? card.textContent ?? '').trim().slice(0, 40);
    for (const [index, card] of cards.entries()) {
      for (const other of cards.slice(index + 1)) {
        if (card.contains(other) || other.contains(card)) continue;
        const a = card.getBoundingClientRect();
        const b = other.getBoundingClientRect();
        const overlapX = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const overlapY = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (overlapX > 1 && overlapY > 1) flaws.push(`card '${nameOf(card)}' overlaps '${nameOf(other)}'`);
      }
    }
    return flaws;
  });
}

/** Waits until the page's data has arrived: its heading shows and no skeleton is left. */
async function waitForContent(page: Page) {
  await expect(page.locator('main h1, main h2').first()).toBeVisible();
  await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0);
}

test.describe('Page width', () => {
  test.describe.configure({ timeout: 180_000 });

  for (const screen of SCREENS) {
    test(`When every page and tab opens on a ${screen.width}×${screen.height} screen, then none is wider than the screen and no card lies over another`, async ({
      page,
      api,
      loginAsAdmin,
    }) => {
      await page.setViewportSize({ width: screen.width, height: screen.height });
      const seeded = await seedEveryListAndSignIn(api, () => loginAsAdmin(page));
      const { data: field } = await api.post<{ data: Created }>('/route-fields', {
        routeId: seeded.route.id,
        name: 'Texto da mensagem recebida do cliente',
        type: 'string',
        path: 'data.message.text',
      });
      const [log] = (await api.get<Listed>(`/logs?eventId=${seeded.immediate.id}`)).data;
      const [eventLog] = (
        await api.get<Listed>(`/rabbitmq/events?eventType=nota.fiscal.emitida.${seeded.suffix}`)
      ).data;
      const route = `/routes/${seeded.route.id}`;
      const rule = `/event-rules/${seeded.rule.id}`;
      const visits: Visit[] = [
        { path: '/' },
        { path: '/applications' },
        { path: '/applications/new' },
        { path: `/applications/${seeded.application.id}` },
        { path: `/applications/${seeded.application.id}/edit` },
        { path: `/applications/${seeded.application.id}/catalog` },
        { path: '/events' },
        { path: '/events/new' },
        { path: `/events/${seeded.immediate.id}` },
        { path: `/events/${seeded.queued.id}` },
        { path: `/events/${seeded.immediate.id}/edit` },
        { path: '/subscriptions' },
        { path: '/subscriptions/new' },
        { path: `/subscriptions/${seeded.subscriptions[0]?.id}` },
        { path: `/subscriptions/${seeded.subscriptions[0]?.id}/edit` },
        { path: '/logs' },
        { path: `/logs/${log?.id}` },
        { path: '/event-logs' },
        { path: `/event-logs/${eventLog?.id}` },
        { path: '/event-rules' },
        { path: '/event-rules/new' },
        { path: rule, tabs: ['Código de Integração', 'Execuções'] },
        { path: `${rule}/edit` },
        { path: '/routes' },
        { path: '/routes/new' },
        { path: route, tabs: ['Tipos de Evento', 'Campos', 'Regras', 'Recebimento'] },
        { path: `${route}/edit` },
        { path: `${route}/event-types/new` },
        { path: `${route}/event-types/${seeded.eventType.id}` },
        { path: `${route}/fields/new` },
        { path: `${route}/fields/${field.id}/edit` },
        { path: '/integration' },
        { path: '/notifications' },
        { path: '/profile' },
        { path: '/admin' },
      ];

      const flaws: string[] = [];
      for (const visit of visits) {
        await page.goto(visit.path);
        await waitForContent(page);
        for (const flaw of await findLayoutFlaws(page)) flaws.push(`${visit.path}: ${flaw}`);
        for (const tab of visit.tabs ?? []) {
          await page.getByRole('tab', { name: tab }).click();
          await waitForContent(page);
          for (const flaw of await findLayoutFlaws(page)) flaws.push(`${visit.path} (${tab}): ${flaw}`);
        }
      }
      expect(flaws).toEqual([]);
    });
  }
});
