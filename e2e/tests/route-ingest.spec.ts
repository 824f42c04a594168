import { createHmac } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

type Route = { id: string; ingestUrl: string };

test.describe('Recebimento', () => {
  test('When an editor sets up GitHub verification, copies and rotates the URL and a push arrives, then the tab shows the request with its verification result; a reader sees but changes nothing', async ({
    page,
    context,
    browser,
    api,
    loginAs,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const owner = await api.createUser({ name: 'Rita Dona' });
    const reader = await api.createUser({ name: 'Luís Leitor' });
    const { data: app } = await api.post<{ data: { id: string } }>(
      '/applications',
      { name: 'Repositórios' },
      owner.token,
    );
    // Added by the admin: at once a member (an owner would invite).
    await api.post(`/applications/${app.id}/members`, { email: reader.email, canRead: true });
    const route = (
      await api.post<{ data: Route }>(
        '/routes',
        { applicationId: app.id, name: 'GitHub', endpoint: '/github' },
        owner.token,
      )
    ).data;
    await api.post('/route-event-types', { routeId: route.id, name: 'Push', alias: 'push' }, owner.token);

    await loginAs(page, owner.email, owner.password);
    await page.goto(`/routes/${route.id}`);
    await page.getByRole('tab', { name: 'Recebimento' }).click();
    const tab = page.getByTestId('route-ingest');
    await expect(tab.getByTestId('ingest-url-value')).toHaveText(route.ingestUrl);
    await expect(tab.getByText('Verificação não configurada')).toBeVisible();

    // Choose GitHub: its secret and the header the event type comes from.
    const settings = tab.getByTestId('ingest-settings');
    await settings.getByLabel('Verificação').click();
    await page.getByRole('option', { name: 'GitHub (X-Hub-Signature-256)' }).click();
    await settings.getByLabel('Segredo').fill('segredo-e2e');
    await settings.getByLabel('Tipo de evento vem de').click();
    await page.getByRole('option', { name: 'Cabeçalho' }).click();
    await settings.getByLabel('Nome do cabeçalho').fill('X-GitHub-Event');
    await settings.getByRole('button', { name: 'Salvar recebimento' }).click();
    await expect(toast(page, 'Recebimento salvo')).toBeVisible();
    await expect(tab.getByTestId('ingest-sample')).toContainText('X-Hub-Signature-256: sha256=$SIGNATURE');
    await expect(tab.getByTestId('ingest-sample')).toContainText("'X-GitHub-Event: push'");

    await tab.getByRole('button', { name: 'Copiar URL de recebimento' }).click();
    await expect(toast(page, 'URL copiada para a área de transferência.')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(route.ingestUrl);

    await tab.getByRole('button', { name: 'Rotacionar URL' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('A URL atual deixa de funcionar imediatamente');
    await dialog.getByRole('button', { name: 'Rotacionar' }).click();
    await expect(toast(page, 'URL rotacionada')).toBeVisible();
    const rotated = (await api.get<{ data: Route }>(`/routes/${route.id}`, owner.token)).data;
    expect(rotated.ingestUrl).not.toBe(route.ingestUrl);
    await expect(tab.getByTestId('ingest-url-value')).toHaveText(rotated.ingestUrl);
    expect((await fetch(route.ingestUrl, { method: 'POST', body: '{}' })).status).toBe(404);

    // A signed push and a tampered one reach the new URL.
    const body = JSON.stringify({ ref: 'refs/heads/main' });
    const signature = `sha256=${createHmac('sha256', 'segredo-e2e').update(body).digest('hex')}`;
    const push = (payload: string) =>
      fetch(rotated.ingestUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-github-event': 'push',
          'x-hub-signature-256': signature,
        },
        body: payload,
      });
    expect((await push(body)).status).toBe(202);
    expect((await push(body.replace('main', 'dev'))).status).toBe(401);

    const requests = tab.getByTestId('inbound-requests');
    const rejected = requests.getByRole('row').filter({ hasText: 'Rejeitada' });
    const accepted = requests.getByRole('row').filter({ hasText: 'Aceita' });
    await expect(rejected).toContainText('Não verificada', { timeout: 15_000 });
    await expect(accepted).toContainText('Verificada');
    await expect(accepted).toContainText('push');

    await rejected.getByRole('button', { name: 'Ver requisição' }).click();
    const detail = page.getByTestId('inbound-request-detail');
    await expect(detail).toContainText('Assinatura inválida');
    await expect(detail).toContainText('refs/heads/dev');
    await expect(detail.getByRole('button', { name: 'Reprocessar' })).toHaveCount(0);
    await detail.getByRole('button', { name: 'Fechar' }).click();

    await accepted.getByRole('button', { name: 'Ver requisição' }).click();
    await expect(detail).toContainText('x-hub-signature-256');
    await expect(detail.getByTestId('inbound-request-event-logs').getByRole('listitem')).toHaveCount(1);
    await detail.getByRole('button', { name: 'Reprocessar' }).click();
    await expect(toast(page, 'Reprocessamento iniciado')).toBeVisible();
    // The request stays accepted; the reprocess's log is listed after the one it led to when received.
    const logs = detail.getByTestId('inbound-request-event-logs').getByRole('listitem');
    await expect(logs).toHaveCount(2);
    await expect(logs.nth(0)).toContainText('Recebimento');
    await expect(logs.nth(1)).toContainText('Reprocessamento');
    await expect(detail).toContainText('Aceita');

    // A reader sees the URL, the settings and the requests, and none of the changes.
    const readerContext = await browser.newContext();
    const readerPage = await readerContext.newPage();
    await loginAs(readerPage, reader.email, reader.password);
    await readerPage.goto(`/routes/${route.id}`);
    await readerPage.getByRole('tab', { name: 'Recebimento' }).click();
    const readerTab = readerPage.getByTestId('route-ingest');
    await expect(readerTab.getByTestId('ingest-url-value')).toHaveText(rotated.ingestUrl);
    await expect(readerTab).toContainText('GitHub (X-Hub-Signature-256)');
    await expect(readerTab.getByRole('row').filter({ hasText: 'Aceita' })).toBeVisible();
    await expect(readerTab.getByRole('button', { name: 'Rotacionar URL' })).toHaveCount(0);
    await expect(readerTab.getByRole('button', { name: 'Salvar recebimento' })).toHaveCount(0);
    await readerTab
      .getByRole('row')
      .filter({ hasText: 'Aceita' })
      .getByRole('button', { name: 'Ver requisição' })
      .click();
    await expect(readerPage.getByTestId('inbound-request-detail')).toContainText('refs/heads/main');
    await expect(readerPage.getByRole('button', { name: 'Reprocessar' })).toHaveCount(0);
    await readerContext.close();
  });

  test('When an editor edits a route event type, then the form opens prefilled, a breaking schema change is flagged and the saved type shows the new schema version', async ({
    page,
    api,
    loginAs,
  }) => {
    const owner = await api.createUser({ name: 'Edu Editor' });
    const { data: app } = await api.post<{ data: { id: string } }>(
      '/applications',
      { name: 'Pedidos' },
      owner.token,
    );
    const route = (
      await api.post<{ data: Route }>(
        '/routes',
        { applicationId: app.id, name: 'Loja', endpoint: '/loja' },
        owner.token,
      )
    ).data;
    const schema = { type: 'object', properties: { pedido: { type: 'integer' } } };
    const { data: eventType } = await api.post<{ data: { id: string } }>(
      '/route-event-types',
      { routeId: route.id, name: 'Pedido criado', alias: 'pedido.criado', schema, schemaValidation: 'WARN' },
      owner.token,
    );

    await loginAs(page, owner.email, owner.password);
    await page.goto(`/routes/${route.id}/event-types/${eventType.id}`);
    await page.getByRole('link', { name: 'Editar' }).click();
    await expect(page).toHaveURL(new RegExp(`/event-types/${eventType.id}/edit$`));
    await expect(page.getByLabel('Nome')).toHaveValue('Pedido criado');
    await expect(page.getByLabel('Alias')).toHaveValue('pedido.criado');
    expect(JSON.parse(await page.getByLabel('Schema (JSON)').inputValue())).toEqual(schema);
    await expect(page.getByTestId('schema-breaking')).toHaveCount(0);

    await page.getByLabel('Nome').fill('Pedido recebido');
    await page.getByLabel('Schema (JSON)').fill(JSON.stringify({ ...schema, required: ['pedido'] }));
    await expect(page.getByTestId('schema-breaking')).toContainText('Mudança incompatível');
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await expect(toast(page, 'Tipo de evento atualizado')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/event-types/${eventType.id}$`));
    await expect(page.getByRole('heading', { name: 'Pedido recebido' })).toBeVisible();
    await expect(page.getByText('Schema dos dados (versão 2)')).toBeVisible();
  });
});
