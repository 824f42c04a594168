import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { readClipboard } from '../support/reads';

type ApplicationItem = { id: string; name: string; apiKeyPrefix: string };

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test.describe('Applications', () => {
  test('When a new user creates, reveals, copies, edits, regenerates, shares and deletes an application, then each step shows', async ({
    page,
    context,
    browser,
    api,
    loginAs,
    baseURL,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const owner = await api.createUser({ name: 'Olga Dona' });
    const member = await api.createUser({ name: 'Bruno Leitor' });
    const name = `Loja ${Date.now().toString(36)}`;

    // Empty home → create the first application.
    await loginAs(page, owner.email, owner.password);
    await expect(page.getByRole('heading', { name: 'Minhas Aplicações' })).toBeVisible();
    await expect(page.getByText('Nenhuma aplicação encontrada')).toBeVisible();
    await page.getByRole('link', { name: 'Criar Primeira Aplicação' }).click();
    await expect(page).toHaveURL(/\/applications\/new$/);
    await page.getByRole('button', { name: 'Criar Aplicação' }).click();
    await expect(page.getByText('Nome é obrigatório')).toBeVisible();
    await page.getByLabel('Nome').fill(name);
    await page.getByRole('button', { name: 'Criar Aplicação' }).click();
    await expect(toast(page, 'Aplicação criada')).toBeVisible();
    await expect(page).toHaveURL(/\/applications$/);

    const list = await api.get<{ data: ApplicationItem[] }>('/applications', owner.token);
    const [app] = list.data;
    if (!app) throw new Error('the created application is not listed');
    expect(app.name).toBe(name);
    const firstKey = (await api.get<{ apiKey: string }>(`/applications/${app.id}/api-key`, owner.token))
      .apiKey;

    // In the list: name with short id, masked key; reveal, copy, hide.
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText(app.id.slice(-8));
    await expect(row.getByTestId('api-key')).toHaveText(`${firstKey.slice(0, 12)}...`);
    await expect(row).toContainText('Nenhuma');
    await row.getByRole('button', { name: 'Mostrar API Key' }).click();
    await expect(row.getByTestId('api-key')).toHaveText(firstKey);
    await row.getByRole('button', { name: 'Copiar API Key' }).click();
    await expect(toast(page, 'Copiado!')).toBeVisible();
    await expect(toast(page, 'API Key copiada para a área de transferência.')).toBeVisible();
    await expect.poll(() => readClipboard(page)).toBe(firstKey);
    await row.getByRole('button', { name: 'Ocultar API Key' }).click();
    await expect(row.getByTestId('api-key')).toHaveText(`${firstKey.slice(0, 12)}...`);
    await expect(row.getByRole('link', { name: '0', exact: true })).toHaveAttribute(
      'href',
      `/events?applicationId=${app.id}`,
    );

    // Home shows it as a card.
    await page.getByRole('link', { name: 'Início' }).click();
    const card = page.getByTestId('application-card').filter({ hasText: name });
    await expect(card).toContainText(`${firstKey.slice(0, 12)}...`);
    await expect(card.getByRole('link', { name: 'Ver Detalhes' })).toBeVisible();

    // Edit: validation, then PUBLIC with a BASIC callback.
    await card.getByRole('link', { name: 'Editar' }).click();
    await expect(page).toHaveURL(new RegExp(`/applications/${app.id}/edit$`));
    await page.getByRole('radio', { name: /Pública/ }).click();
    await page.getByLabel('Callback URL').fill('ftp://errado.com');
    await page.getByRole('combobox', { name: 'Tipo de autenticação' }).click();
    await page.getByRole('option', { name: 'Basic Auth' }).click();
    await page.getByRole('textbox', { name: 'Usuário', exact: true }).fill('integracao');
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await expect(page.getByText('URL deve começar com http:// ou https://')).toBeVisible();
    await expect(page.getByText('Senha é obrigatória')).toBeVisible();
    await page.getByLabel('Callback URL').fill('https://example.com/callback');
    await page.getByRole('textbox', { name: 'Senha', exact: true }).fill('segredo-basic');
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await expect(toast(page, 'Aplicação atualizada')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/applications/${app.id}$`));
    await expect(page.getByRole('heading', { name })).toContainText('Pública');
    await expect(page.getByText('Configuração de Callback')).toBeVisible();
    await expect(page.getByText('https://example.com/callback')).toBeVisible();
    await expect(page.getByText('Basic Auth')).toBeVisible();
    await expect(page.getByText('integracao')).toBeVisible();
    await expect(page.getByText('segredo-basic')).toHaveCount(0);

    // Regenerate on the detail page: the old key stops working.
    await page.getByRole('button', { name: 'Regenerar Chave' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Regenerar' }).click();
    await expect(toast(page, 'Chave regenerada')).toBeVisible();
    const secondKey = (await api.get<{ apiKey: string }>(`/applications/${app.id}/api-key`, owner.token))
      .apiKey;
    expect(secondKey).not.toBe(firstKey);
    await expect(page.getByTestId('api-key')).toHaveText(`${secondKey.slice(0, 12)}...`);

    // Members: invite a reader by e-mail; the invitation is accepted (the invitations spec covers the
    // invitee's side in the browser), then the reader shows in the card.
    await page.getByLabel('E-mail do usuário').fill(member.email);
    await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
    await expect(toast(page, 'Convite enviado')).toBeVisible();
    const invitations = await api.get<{ data: Array<{ id: string }> }>('/auth/me/invitations', member.token);
    await api.post(`/auth/me/invitations/${invitations.data[0]?.id}/accept`, undefined, member.token);
    await page.reload();
    const memberRow = page.getByTestId('member-row').filter({ hasText: member.email });
    await expect(memberRow).toContainText('Membro');
    await expect(memberRow.getByRole('switch', { name: `Leitura de ${member.name}` })).toBeChecked();
    await expect(memberRow.getByRole('switch', { name: `Escrita de ${member.name}` })).not.toBeChecked();

    // The member signs in elsewhere and sees it read-only.
    const memberContext = await browser.newContext({ baseURL });
    const memberPage = await memberContext.newPage();
    await loginAs(memberPage, member.email, member.password);
    const memberCard = memberPage.getByTestId('application-card').filter({ hasText: name });
    await expect(memberCard).toBeVisible();
    await expect(memberCard.getByRole('link', { name: 'Editar' })).toHaveCount(0);
    await memberCard.getByRole('link', { name: 'Ver Detalhes' }).click();
    await expect(memberPage.getByRole('heading', { name })).toBeVisible();
    await expect(memberPage.getByText('https://example.com/callback')).toBeVisible();
    for (const action of ['Editar', 'Deletar', 'Regenerar Chave', 'Mostrar API Key']) {
      await expect(memberPage.getByRole('button', { name: action, exact: true })).toHaveCount(0);
      await expect(memberPage.getByRole('link', { name: action, exact: true })).toHaveCount(0);
    }
    await expect(memberPage.getByText('Membros', { exact: true })).toHaveCount(0);
    await memberContext.close();

    // Delete from the list, after its warning.
    await page.getByRole('link', { name: 'Aplicações' }).click();
    await page
      .getByRole('row')
      .filter({ hasText: name })
      .getByRole('button', { name: `Deletar ${name}` })
      .click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('não pode ser desfeita');
    await expect(dialog).toContainText('eventos e assinaturas');
    await dialog.getByRole('button', { name: 'Deletar' }).click();
    await expect(toast(page, 'Aplicação deletada')).toBeVisible();
    await expect(toast(page, 'A aplicação foi removida com sucesso.')).toBeVisible();
    await expect(page.getByText('Nenhuma aplicação encontrada')).toBeVisible();
    expect((await api.call('GET', `/applications/${app.id}`, { token: owner.token })).status).toBe(404);
  });

  test('When there are more than 6 applications, then home shows 6 cards, the counters and Ver todas (n)', async ({
    page,
    api,
    loginAs,
  }) => {
    const user = await api.createUser();
    for (let index = 1; index <= 7; index++) {
      await api.post('/applications', { name: `Várias ${index}` }, user.token);
    }
    await loginAs(page, user.email, user.password);
    await expect(page.getByTestId('application-card')).toHaveCount(6);
    await expect(page.getByTestId('stat-card').filter({ hasText: 'Aplicações' })).toContainText('7');
    await expect(page.getByTestId('stat-card').filter({ hasText: 'Privadas' })).toContainText('7');
    await page.getByRole('link', { name: 'Ver todas (7)' }).click();
    await expect(page).toHaveURL(/\/applications$/);
    await page.getByLabel('Buscar aplicações').fill('várias 7');
    await expect(page.getByRole('row').filter({ hasText: 'Várias' })).toHaveCount(1);
  });

  test('When an application does not exist or is private to someone else, then Aplicação não encontrada', async ({
    page,
    api,
    loginAs,
  }) => {
    const owner = await api.createUser();
    const { data: created } = await api.post<{ data: { id: string } }>(
      '/applications',
      { name: 'Secreta' },
      owner.token,
    );
    const outsider = await api.createUser();
    await loginAs(page, outsider.email, outsider.password);
    await page.goto(`/applications/${created.id}`);
    await expect(page.getByText('Aplicação não encontrada')).toBeVisible();
    await page.goto('/applications/0190b4a4-0000-7000-8000-000000000000/edit');
    await expect(page.getByText('Aplicação não encontrada')).toBeVisible();
  });

  test('When an event is created from an application, then its count shows it on the list without a reload', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    const name = `Contagem ${Date.now().toString(36)}`;
    const { data: app } = await api.post<{ data: { id: string } }>('/applications', { name });
    await loginAsAdmin(page);
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    await menu.getByRole('link', { name: 'Aplicações', exact: true }).click();
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row.getByTitle(`Ver os eventos de ${name}`)).toHaveText('0');

    // Inside the app (no reload): list → detail → new event → back to the list through the menu.
    await row.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/applications/${app.id}$`));
    await page.getByRole('link', { name: 'Novo Evento' }).click();
    await page.getByRole('switch', { name: 'Habilitar callbacks' }).click();
    await page.getByLabel('Nome', { exact: true }).fill('Evento contado');
    await page.getByLabel('Alias', { exact: true }).fill(`contado.${Date.now().toString(36)}`);
    await page.getByRole('button', { name: 'Criar Evento' }).click();
    await expect(page).toHaveURL(/\/events\/[0-9a-f-]{36}$/);
    await menu.getByRole('link', { name: 'Aplicações', exact: true }).click();
    await expect(row.getByTitle(`Ver os eventos de ${name}`)).toHaveText('1');
  });
});
