import type { Locator } from '@playwright/test';

/**
 * The actions of a list row (the buttons and links of its last cell, or of a card) that a user cannot
 * reach where they are: outside the window's width or hidden by the table's scroll box. The page is
 * scrolled vertically only, as a user would; nothing is scrolled sideways.
 */
export function findUnreachableActions(row: Locator) {
  return row.evaluate((element) => {
    const box = element.getBoundingClientRect();
    window.scrollBy(0, box.top - window.innerHeight / 3);
    const container = element.tagName === 'TR' ? element.querySelector('td:last-child') : element;
    const actions = Array.from(container?.querySelectorAll<HTMLElement>('button, a[href]') ?? []);
    const unreachable = actions.filter((action) => {
      const rect = action.getBoundingClientRect();
      const x = rect.left + rect.width / 2;
      const y = rect.top + rect.height / 2;
      if (rect.width === 0 || rect.left < 0 || rect.right > window.innerWidth) return true;
      const onTop = document.elementFromPoint(x, y);
      return !onTop || !(onTop === action || action.contains(onTop));
    });
    return {
      count: actions.length,
      unreachable: unreachable.map(
        (action) => action.getAttribute('aria-label') ?? action.getAttribute('title') ?? action.innerText,
      ),
    };
  });
}
