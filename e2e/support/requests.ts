import { expect, type Page, type Request } from '@playwright/test';

const QUIET_MS = 500;

/**
 * Watches the page's requests from now on; `settled()` waits until none has been in flight for half a
 * second. The 'networkidle' load state cannot say this after a client-side navigation: it fires once
 * per document, and the document is the one loaded before.
 */
export function watchRequests(page: Page) {
  const inFlight = new Set<Request>();
  let changedAt = Date.now();
  const start = (request: Request) => {
    inFlight.add(request);
    changedAt = Date.now();
  };
  const end = (request: Request) => {
    inFlight.delete(request);
    changedAt = Date.now();
  };
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  return {
    async settled() {
      await expect
        .poll(() => inFlight.size === 0 && Date.now() - changedAt >= QUIET_MS, {
          message: 'the page still has requests in flight',
        })
        .toBe(true);
      page.off('request', start);
      page.off('requestfinished', end);
      page.off('requestfailed', end);
    },
  };
}
