import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

async function openCreateDialog(page: Page) {
  await page.getByRole('button', { name: 'Novo Usuário' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo Usuário' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('Admin users', () => {
  test.beforeEach(async ({ page, loginAsAdmin }) => {
    await loginAsAdmin(page);
    await page.getByRole('link', { name: 'Admin' }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { name: 'Usuários' })).toBeVisible();
  });

  test('When the confirmation differs, then the field message and the validation toast show', async ({
    page,
  }) => {
    const dialog = await openCreateDialog(page);
    await dialog.getByLabel('Nome').fill('Carlos Souza');
    await dialog.getByLabel('Email').fill('carlos@e2e.local');
    await dialog.getByLabel('Senha', { exact: true }).fill('senha-carlos-1');
    await dialog.getByLabel('Confirmar senha').fill('senha-carlos-2');
    await dialog.getByRole('button', { name: 'Criar Usuário' }).click();
    await expect(dialog.getByText('As senhas não coincidem')).toBeVisible();
    await expect(page.getByText('Erro de validação')).toBeVisible();
    await expect(dialog).toBeVisible();
  });

  test('When the form is sent empty, then the required messages show', async ({ page }) => {
    const dialog = await openCreateDialog(page);
    await dialog.getByRole('button', { name: 'Criar Usuário' }).click();
    await expect(dialog.getByText('Nome é obrigatório')).toBeVisible();
    await expect(dialog.getByText('Email é obrigatório')).toBeVisible();
    await expect(dialog.getByText('Senha é obrigatória', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Confirmação de senha é obrigatória')).toBeVisible();
  });

  test('When a user is created, then it is listed and can sign in', async ({ page, api }) => {
    const dialog = await openCreateDialog(page);
    await dialog.getByLabel('Nome').fill('Beatriz Lima');
    await dialog.getByLabel('Email').fill('beatriz@e2e.local');
    await dialog.getByLabel('Senha', { exact: true }).fill('senha-bia-1');
    await dialog.getByLabel('Confirmar senha').fill('senha-bia-1');
    await dialog.getByRole('button', { name: 'Criar Usuário' }).click();
    await expect(page.getByText('Usuário criado')).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = page.getByRole('row', { name: /beatriz@e2e\.local/ });
    await expect(row).toContainText('Beatriz Lima');
    await expect(row).toContainText('Ativo');
    await expect(row.getByRole('cell').nth(3)).toHaveText('0');
    expect(await api.login('beatriz@e2e.local', 'senha-bia-1')).toBeTruthy();
  });

  test('When the e-mail is taken, then the server error shows in the toast', async ({ page, server }) => {
    const dialog = await openCreateDialog(page);
    await dialog.getByLabel('Nome').fill('Outro Admin');
    await dialog.getByLabel('Email').fill(server.admin.email);
    await dialog.getByLabel('Senha', { exact: true }).fill('senha-outro-1');
    await dialog.getByLabel('Confirmar senha').fill('senha-outro-1');
    await dialog.getByRole('button', { name: 'Criar Usuário' }).click();
    await expect(page.getByText('Erro ao criar usuário')).toBeVisible();
    await expect(page.getByText('Já existe um usuário com este e-mail')).toBeVisible();
  });

  test('When searching, then only matching users are listed, and many users page by 10', async ({
    page,
    api,
  }) => {
    for (let index = 1; index <= 11; index++) {
      await api.createUser({
        name: `Pessoa ${String(index).padStart(2, '0')}`,
        email: `pessoa${index}@e2e.local`,
      });
    }
    await api.createUser({ name: 'Zuleica Prado', email: 'zuleica@e2e.local' });
    await page.reload();
    await expect(page.getByText(/Página 1 de \d+/)).toBeVisible();
    await page.getByRole('button', { name: 'Próxima' }).click();
    await expect(page.getByText(/Página 2 de \d+/)).toBeVisible();

    await page.getByLabel('Buscar usuários').fill('zulei');
    await expect(page.getByRole('row', { name: /zuleica@e2e\.local/ })).toBeVisible();
    await expect(page.getByRole('row')).toHaveCount(2);
    await expect(page.getByRole('navigation', { name: 'Paginação' })).toBeHidden();

    await page.getByLabel('Buscar usuários').fill('ninguem-com-este-nome');
    await expect(page.getByText('Nenhum usuário encontrado')).toBeVisible();
  });

  test('When details are opened, then the user and linked applications show with their roles', async ({
    page,
    api,
  }) => {
    const user = await api.createUser({ name: 'Davi Rocha', email: 'davi@e2e.local' });
    const { data: owned } = await api.post<{ data: { id: string } }>(
      '/applications',
      { name: 'Loja do Davi' },
      user.token,
    );
    const { data: shared } = await api.post<{ data: { id: string } }>('/applications', {
      name: 'Portal Compartilhado',
    });
    await api.post(`/applications/${shared.id}/members`, {
      email: user.email,
      canRead: true,
      canWrite: true,
    });
    const { data: detail } = await api.get<{
      data: { userApplications: { application: { id: string; apiKeyPrefix: string } }[] };
    }>(`/admin/users/${user.id}`);
    const prefixOf = (id: string) =>
      detail.userApplications.find((link) => link.application.id === id)!.application.apiKeyPrefix;

    await page.reload();
    const row = page.getByRole('row', { name: /davi@e2e\.local/ });
    await expect(row.getByRole('cell').nth(3)).toHaveText('2');
    await row.getByRole('button', { name: 'Ver detalhes' }).click();
    const dialog = page.getByRole('dialog', { name: 'Detalhes do Usuário' });
    await expect(dialog.getByText('Davi Rocha')).toBeVisible();
    await expect(dialog.getByText(user.email)).toBeVisible();
    await expect(dialog.getByText('Aplicações (2)')).toBeVisible();

    const ownedItem = dialog.getByRole('listitem').filter({ hasText: 'Loja do Davi' });
    await expect(ownedItem).toContainText(`${prefixOf(owned.id)}...`);
    await expect(ownedItem.getByText('Proprietário')).toBeVisible();
    for (const permission of ['Leitura', 'Escrita', 'Exclusão']) {
      await expect(ownedItem.getByText(permission)).toBeVisible();
    }

    const sharedItem = dialog.getByRole('listitem').filter({ hasText: 'Portal Compartilhado' });
    await expect(sharedItem).toContainText(`${prefixOf(shared.id)}...`);
    await expect(sharedItem.getByText('Membro')).toBeVisible();
    await expect(sharedItem.getByText('Leitura')).toBeVisible();
    await expect(sharedItem.getByText('Escrita')).toBeVisible();
    await expect(sharedItem.getByText('Exclusão')).toHaveCount(0);
  });

  test('When a user has no applications, then the details say so', async ({ page, api }) => {
    await api.createUser({ name: 'Helena Dias', email: 'helena@e2e.local' });
    await page.reload();
    await page
      .getByRole('row', { name: /helena@e2e\.local/ })
      .getByRole('button', { name: 'Ver detalhes' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Detalhes do Usuário' });
    await expect(dialog.getByText('Aplicações (0)')).toBeVisible();
    await expect(dialog.getByText('Nenhuma aplicação vinculada.')).toBeVisible();
  });

  test('When a user is edited, then the list shows the change and a new password works', async ({
    page,
    api,
  }) => {
    await api.createUser({ name: 'Elisa Nunes', email: 'elisa@e2e.local', password: 'senha-antiga' });
    await page.reload();
    await page
      .getByRole('row', { name: /elisa@e2e\.local/ })
      .getByRole('button', { name: 'Editar' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Editar Usuário' });
    await expect(dialog.getByLabel('Nome')).toHaveValue('Elisa Nunes');
    await dialog.getByLabel('Nome').fill('Elisa Nunes Costa');
    await dialog.getByLabel('Nova senha').fill('senha-nova-1');
    await dialog.getByLabel('Confirmar senha').fill('outra-coisa');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(dialog.getByText('As senhas não coincidem')).toBeVisible();
    await expect(page.getByText('Erro de validação')).toBeVisible();

    await dialog.getByLabel('Confirmar senha').fill('senha-nova-1');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Usuário atualizado')).toBeVisible();
    await expect(page.getByRole('row', { name: /elisa@e2e\.local/ })).toContainText('Elisa Nunes Costa');
    expect(await api.login('elisa@e2e.local', 'senha-nova-1')).toBeTruthy();
  });

  test('When a user is deactivated without a new password, then the kept password is refused as inactive', async ({
    page,
    api,
  }) => {
    await api.createUser({ name: 'Fabio Reis', email: 'fabio@e2e.local', password: 'senha-fabio' });
    await page.reload();
    await page
      .getByRole('row', { name: /fabio@e2e\.local/ })
      .getByRole('button', { name: 'Editar' })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Editar Usuário' });
    await dialog.getByLabel('Ativo').click();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Usuário atualizado')).toBeVisible();
    await expect(page.getByRole('row', { name: /fabio@e2e\.local/ })).toContainText('Inativo');
    const login = await api.call('POST', '/auth/login', {
      body: { email: 'fabio@e2e.local', password: 'senha-fabio' },
      token: null,
    });
    // 403 (inactive) rather than 401: the kept password still matches.
    expect(login.status).toBe(403);
  });

  test('When a user is deleted after confirming, then it leaves the list', async ({ page, api }) => {
    await api.createUser({ name: 'Gustavo Melo', email: 'gustavo@e2e.local' });
    await page.reload();
    const row = page.getByRole('row', { name: /gustavo@e2e\.local/ });
    await row.getByRole('button', { name: 'Excluir' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText('Gustavo Melo');
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await expect(row).toBeVisible();

    await row.getByRole('button', { name: 'Excluir' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
    await expect(page.getByText('Usuário deletado')).toBeVisible();
    await expect(row).toBeHidden();
  });

  test('When an admin tries to delete their own account, then the server refusal is shown', async ({
    page,
    server,
  }) => {
    await page.getByLabel('Buscar usuários').fill(server.admin.email);
    const row = page.getByRole('row', { name: new RegExp(server.admin.email.replace('.', '\\.')) });
    await row.getByRole('button', { name: 'Excluir' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
    await expect(page.getByText('Erro ao deletar usuário')).toBeVisible();
    await expect(page.getByText('Você não pode excluir sua própria conta')).toBeVisible();
  });
});
