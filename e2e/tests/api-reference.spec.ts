import { expect, test } from '../support/fixtures';

test.describe('API reference at /docs', () => {
  test('When a reader opens /docs, then operations show their answers and Authorize offers a token or a key', async ({
    page,
  }) => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content[- ]Security[- ]Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });
    await page.goto('/docs');
    await expect(page.locator('.opblock').first()).toBeVisible({ timeout: 20_000 });

    await page
      .getByRole('button', { name: /Authorize/ })
      .first()
      .click();
    const dialog = page.locator('.modal-ux');
    await expect(dialog.getByText('bearerAuth')).toBeVisible();
    await expect(dialog.getByText('apiKey', { exact: false }).first()).toBeVisible();
    await expect(dialog.getByText('x-api-key')).toBeVisible();
    await dialog.locator('input').first().fill('um-token-de-sessao');
    await dialog.locator('button.authorize').first().click();
    await expect(dialog.getByText('Logout').first()).toBeVisible();
    await dialog.locator('button.btn-done').first().click();

    const emit = page.locator('#operations-emit-post_v1_events_emit');
    await emit.locator('.opblock-summary').click();
    await expect(emit.getByText('Aceito para processamento')).toBeVisible();
    await expect(emit.getByText('occurrenceId').first()).toBeVisible();
    expect(violations).toEqual([]);
  });
});
