import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test.describe('Profile', () => {
  test('When a user edits name and e-mail, then they are saved and the header greets the new name', async ({
    page,
    api,
    loginAs,
  }) => {
    const user = await api.createUser({ name: 'Carla Antiga' });
    await api.post('/applications', { name: 'Do perfil' }, user.token);
    await loginAs(page, user.email, user.password);
    await page.getByRole('link', { name: 'Perfil' }).click();
    await expect(page.getByTestId('profile-name')).toHaveText('Carla Antiga');
    await expect(page.getByText('Ativa', { exact: true })).toBeVisible();
    await expect(page.getByText('Membro desde')).toBeVisible();
    await expect(page.getByTestId('stat-card').filter({ hasText: 'Aplicações' })).toContainText('1');

    await page.getByRole('button', { name: 'Editar' }).click();
    await page.getByLabel('Nome').fill('C');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Nome deve ter pelo menos 2 caracteres')).toBeVisible();
    const newEmail = `nova-${Date.now().toString(36)}@e2e.local`;
    await page.getByLabel('Nome').fill('Carla Nova');
    await page.getByLabel('Email').fill(newEmail);
    // A new e-mail asks for the current password before it is sent.
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Informe a senha atual para alterar o e-mail')).toBeVisible();
    await page.getByLabel('Senha atual').fill(user.password);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Perfil atualizado')).toBeVisible();
    await expect(page.getByTestId('profile-name')).toHaveText('Carla Nova');
    await expect(page.getByText('Bem-vindo, Carla Nova!')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('profile-email')).toHaveText(newEmail);
    expect(await api.login(newEmail, user.password)).toBeTruthy();
  });

  test('When a user changes the password, then other sessions end, this one stays and the new password works', async ({
    page,
    api,
    loginAs,
  }) => {
    const user = await api.createUser();
    const otherSession = await api.login(user.email, user.password);
    await loginAs(page, user.email, user.password);
    await page.goto('/profile');
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Senha atual').fill('senha-errada');
    await dialog.getByLabel('Nova senha', { exact: true }).fill('nova-senha-123');
    await dialog.getByLabel('Confirmar nova senha').fill('outra-coisa');
    await dialog.getByRole('button', { name: 'Salvar nova senha' }).click();
    await expect(dialog.getByText('As senhas não coincidem')).toBeVisible();
    await dialog.getByLabel('Confirmar nova senha').fill('nova-senha-123');
    await dialog.getByRole('button', { name: 'Salvar nova senha' }).click();
    await expect(dialog.getByText('Senha atual incorreta')).toBeVisible();
    await expect(toast(page, 'Erro ao alterar senha')).toBeVisible();
    await dialog.getByLabel('Senha atual').fill(user.password);
    await dialog.getByRole('button', { name: 'Salvar nova senha' }).click();
    await expect(toast(page, 'Senha alterada')).toBeVisible();
    await expect(dialog).toHaveCount(0);

    expect((await api.call('GET', '/auth/me', { token: otherSession })).status).toBe(401);
    await page.reload();
    await expect(page).toHaveURL(/\/profile$/);
    expect(await api.login(user.email, 'nova-senha-123')).toBeTruthy();
    expect(
      (
        await api.call('POST', '/auth/login', {
          body: { email: user.email, password: user.password },
          token: null,
        })
      ).status,
    ).toBe(401);
  });

  test('When a user exports their data, then a JSON file downloads without secrets', async ({
    page,
    api,
    loginAs,
  }) => {
    const user = await api.createUser({ name: 'Exportadora' });
    const { data: app } = await api.post<{ data: { apiKey: string } }>(
      '/applications',
      { name: 'Exportável' },
      user.token,
    );
    await loginAs(page, user.email, user.password);
    await page.goto('/profile');
    const downloadPromise = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportar dados' }).click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/^webhook-manager-export-\d{4}-\d{2}-\d{2}\.json$/);
    const content = readFileSync(await download.path(), 'utf8');
    const data = JSON.parse(content);
    expect(data.user.email).toBe(user.email);
    expect(data.applications.map((item: { name: string }) => item.name)).toEqual(['Exportável']);
    expect(content).not.toContain(app.apiKey);
    expect(content).not.toMatch(/apiKey|passwordHash|scrypt/);
  });
});
