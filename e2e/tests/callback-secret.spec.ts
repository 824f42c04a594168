import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

test.describe('Callback secret', () => {
  test('When the owner reveals and rotates the callback secret on the application screen, then the screen shows the secret the API signs with', async ({
    page,
    api,
    loginAs,
  }) => {
    const owner = await api.createUser({ name: 'Carla Dona' });
    const { data: app } = await api.post<{ data: { id: string } }>(
      '/applications',
      { name: 'Notas Fiscais' },
      owner.token,
    );
    const secretOf = async () =>
      (await api.get<{ secret: string }>(`/applications/${app.id}/callback-secret`, owner.token)).secret;
    const first = await secretOf();

    await loginAs(page, owner.email, owner.password);
    await page.goto(`/applications/${app.id}`);
    const card = page.getByTestId('callback-secret');
    await expect(card.getByText('Segredo de callback')).toBeVisible();
    const value = card.getByTestId('callback-secret-value');
    await expect(value).toHaveText(/^whsec_•+$/);

    await card.getByRole('button', { name: 'Revelar segredo de callback' }).click();
    await expect(value).toHaveText(first);
    await card.getByRole('button', { name: 'Ocultar segredo de callback' }).click();
    await expect(value).toHaveText(/^whsec_•+$/);

    await card.getByRole('button', { name: 'Rotacionar' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('O segredo atual deixa de valer imediatamente');
    await dialog.getByRole('button', { name: 'Rotacionar' }).click();
    await expect(toast(page, 'Segredo rotacionado')).toBeVisible();
    const second = await secretOf();
    expect(second).not.toBe(first);
    await card.getByRole('button', { name: 'Revelar segredo de callback' }).click();
    await expect(value).toHaveText(second);
  });
});
