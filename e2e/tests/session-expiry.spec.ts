import { expect, readStoredToken, submitLogin, TOKEN_STORAGE_KEY, test } from '../support/fixtures';

const EXPIRED = 'Sua sessão expirou. Entre novamente.';

test.describe('Session expiry', () => {
  test('When the session ends while reading a page, then /login says so and sign-in returns to that page', async ({
    page,
    loginAsAdmin,
    api,
    server,
  }) => {
    await loginAsAdmin(page);
    await page.goto('/logs?status=FAILED');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The page's own requests are answered first: one meeting the 401 would leave before the reload.
    await page.waitForLoadState('networkidle');
    const revoked = await api.call('POST', '/auth/logout', { token: await readStoredToken(page) });
    expect(revoked.status).toBe(204);

    await page.reload();
    await expect(page).toHaveURL(/\/login\?/);
    await expect(page.getByRole('alert').filter({ hasText: EXPIRED })).toBeVisible();

    await submitLogin(page, server.admin.email, server.admin.password);
    await expect(page).toHaveURL(/\/logs\?status=FAILED$/);
  });

  test('When an API call answers 401 mid-session, then the user is sent to /login with the message and back', async ({
    page,
    loginAsAdmin,
    server,
  }) => {
    // loginAsAdmin waits for the start page's own requests, so none of them meets the 401 before the click.
    await loginAsAdmin(page);
    // The server no longer knows the stored token (as after an expiry); requests already answered keep theirs.
    await page.evaluate((key) => localStorage.setItem(key, 'sessao-que-expirou'), TOKEN_STORAGE_KEY);

    // A client-side navigation: the page's own request is the one that meets the 401.
    await page
      .getByRole('navigation', { name: 'Menu principal' })
      .getByRole('link', { name: 'Eventos', exact: true })
      .click();
    await expect(page).toHaveURL(/\/login\?redirect=%2Fevents&reason=expired$/);
    await expect(page.getByText(EXPIRED)).toBeVisible();

    await submitLogin(page, server.admin.email, server.admin.password);
    await expect(page).toHaveURL(/\/events$/);
  });

  test('When the user signs out, then /login shows no expiry message', async ({ page, loginAsAdmin }) => {
    await loginAsAdmin(page);
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    await expect(page.getByText(EXPIRED)).toHaveCount(0);
  });

  for (const target of ['//evil.example/events', 'http://evil.example/', '/\\evil.example']) {
    test(`When the return URL is ${target}, then sign-in stays on the console's start page`, async ({
      page,
      server,
    }) => {
      await page.goto(`/login?redirect=${encodeURIComponent(target)}`);
      await submitLogin(page, server.admin.email, server.admin.password);
      await expect(page.getByText('Bem-vindo, Administrador!')).toBeVisible();
      const startPage = new URL('/', server.baseURL);
      await expect(page).toHaveURL((url) => url.origin === startPage.origin && url.pathname === '/');
    });
  }
});
