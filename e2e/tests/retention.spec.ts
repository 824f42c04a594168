import { expect, test } from '../support/fixtures';

test.describe('Retention', () => {
  test('When an admin sets the retention period, then the log screens say how long records are kept', async ({
    page,
    loginAsAdmin,
  }) => {
    await loginAsAdmin(page);
    await page.goto('/logs');
    await expect(page.getByText('Registros mantidos por 30 dias')).toBeVisible();

    await page.goto('/admin');
    await expect(page.getByText('Retenção de registros')).toBeVisible();
    const days = page.getByLabel('Dias de retenção');
    await expect(days).toHaveValue('30');

    await days.fill('0');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Mínimo de 1 dia')).toBeVisible();

    await days.fill('7');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Retenção atualizada')).toBeVisible();

    await page.goto('/logs');
    await expect(page.getByText('Registros mantidos por 7 dias')).toBeVisible();
    await page.goto('/event-logs');
    await expect(page.getByText('Registros mantidos por 7 dias')).toBeVisible();
  });
});
