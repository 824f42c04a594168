import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { paths } from '../../apps/console/src/config/paths';
import { expect, test } from '../support/fixtures';
import { QUEUED_WITHOUT_RETRIES } from '../support/seed-event';

declare global {
  interface Window {
    cspViolations: string[];
  }
}

/** Every policy violation the page reports, from the DOM event and from the console. */
function watchViolations(page: Page) {
  const reported: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy|Refused to/i.test(message.text())) reported.push(message.text());
  });
  page.on('pageerror', (error) => reported.push(`page error: ${error.message}`));
  return async () => {
    const fromEvents = await page.evaluate(() => window.cspViolations ?? []).catch(() => []);
    return [...reported, ...fromEvents];
  };
}

/** Every console screen's route template, from the console's own route table. */
function everyScreenTemplate(): string[] {
  const templates: string[] = [];
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const path = (node as { path?: unknown }).path;
    if (typeof path === 'string') templates.push(path);
    else for (const child of Object.values(node)) visit(child);
  };
  visit(paths);
  return templates;
}

test.describe('Content-Security-Policy', () => {
  test('When every screen and /docs load under the policy, then no violation is reported', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    test.setTimeout(180_000);
    const server: Server = createServer((request, response) => {
      request.resume();
      request.on('end', () => response.writeHead(200).end('ok'));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const targetUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    try {
      const { data: application } = await api.post<{ data: { id: string } }>('/applications', {
        name: 'Política',
      });
      const { data: event } = await api.post<{ data: { id: string; alias: string } }>('/events', {
        applicationId: application.id,
        name: 'Pedido criado',
        alias: 'pedido.criado',
      });
      const { data: subscription } = await api.post<{ data: { id: string } }>('/subscriptions', {
        eventId: event.id,
        name: 'ERP',
        targetUrl,
        jsonBody: { pedido: '#data#' },
      });
      const { data: queued } = await api.post<{ data: { id: string } }>('/events', {
        applicationId: application.id,
        name: 'Pedido enfileirado',
        alias: 'pedido.fila',
        ...QUEUED_WITHOUT_RETRIES,
      });
      await api.post('/subscriptions', { eventId: queued.id, name: 'Fila', targetUrl, jsonBody: {} });
      await api.post('/events/emit', {
        eventType: 'pedido.criado',
        applicationId: application.id,
        data: { n: 1 },
      });
      await api.post('/events/emit', {
        eventType: 'pedido.fila',
        applicationId: application.id,
        data: { n: 2 },
      });
      let logId = '';
      await expect
        .poll(async () => {
          logId =
            (await api.get<{ data: Array<{ id: string }> }>(`/logs?eventId=${event.id}`)).data[0]?.id ?? '';
          return logId;
        })
        .toBeTruthy();
      let eventLogId = '';
      await expect
        .poll(async () => {
          eventLogId =
            (await api.get<{ data: Array<{ id: string }> }>('/rabbitmq/events?eventType=pedido.fila')).data[0]
              ?.id ?? '';
          return eventLogId;
        })
        .toBeTruthy();

      await page.addInitScript(() => {
        window.cspViolations = [];
        document.addEventListener('securitypolicyviolation', (violation) => {
          window.cspViolations.push(`${violation.violatedDirective} ${violation.blockedURI}`);
        });
      });
      const violations = watchViolations(page);

      const login = await page.goto('/login');
      expect(login?.headers()['content-security-policy']).toContain("script-src 'self'");
      expect(login?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
      await loginAsAdmin(page);

      // Screens whose id is of another kind get theirs; the rest (new screens too) get the application's.
      const idOf: Record<string, string> = {
        [paths.events.detail.path]: event.id,
        [paths.events.edit.path]: event.id,
        [paths.subscriptions.detail.path]: subscription.id,
        [paths.subscriptions.edit.path]: subscription.id,
        [paths.logs.detail.path]: logId,
        [paths.eventLogs.detail.path]: eventLogId,
      };
      const screens = everyScreenTemplate().map((template) =>
        template.replace(/:\w+/g, () => idOf[template] ?? application.id),
      );
      expect(screens.length).toBeGreaterThan(15);
      for (const url of screens) {
        await page.goto(url);
        await page.waitForLoadState('networkidle');
        await expect(page.locator('#root')).not.toBeEmpty();
        expect(await violations(), url).toEqual([]);
      }

      // Dialogs and toasts insert their styles at run time.
      await page.goto(paths.applications.detail.getHref(application.id));
      await page.getByRole('button', { name: 'Regenerar Chave' }).click();
      await page.getByRole('button', { name: 'Regenerar', exact: true }).click();
      await expect(page.getByText('Chave regenerada')).toBeVisible();
      expect(await violations()).toEqual([]);

      const docs = await page.goto('/docs');
      expect(docs?.headers()['content-security-policy']).toContain("script-src 'self'");
      await expect(page.locator('.opblock').first()).toBeVisible({ timeout: 20_000 });
      await expect(page.getByText('/v1/auth/login').first()).toBeVisible();
      expect(await violations()).toEqual([]);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
