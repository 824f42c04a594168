import { expect, test } from '../support/fixtures';

test.describe('Operational webhooks', () => {
  test('When a user adds an operational webhook in Perfil, then its secret shows once and it can be deleted', async ({
    page,
    api,
    loginAs,
  }) => {
    const user = await api.createUser();
    await loginAs(page, user.email, user.password);
    await page.goto('/profile');
    const card = page.locator('[data-slot="card"]').filter({ hasText: 'Webhooks operacionais' });
    await expect(card.getByText('Nenhum webhook operacional.')).toBeVisible();

    await card.getByLabel('URL').fill('ftp://avisos');
    await card.getByRole('button', { name: 'Adicionar webhook operacional' }).click();
    await expect(card.getByText('URL deve começar com http:// ou https://')).toBeVisible();

    await card.getByLabel('URL').fill('https://93.184.215.14/avisos');
    await card.getByLabel('Assinatura desativada').check();
    await card.getByRole('button', { name: 'Adicionar webhook operacional' }).click();
    await expect(card.getByRole('status')).toContainText('whsec_');
    await expect(card.getByText('https://93.184.215.14/avisos')).toBeVisible();
    await expect(card.getByText('Assinatura desativada', { exact: true }).first()).toBeVisible();

    await page.reload();
    await expect(card.getByText('https://93.184.215.14/avisos')).toBeVisible();
    await expect(card.getByRole('status')).toHaveCount(0);

    await card.getByRole('button', { name: 'Excluir https://93.184.215.14/avisos' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Excluir' }).click();
    await expect(card.getByText('Nenhum webhook operacional.')).toBeVisible();
  });
});
