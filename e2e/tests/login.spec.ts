import type { Page } from '@playwright/test';
import { expect, readStoredToken, submitLogin, test } from '../support/fixtures';

async function signInAndReadToken(page: Page, signIn: (page: Page) => Promise<void>) {
  await signIn(page);
  return readStoredToken(page);
}

test.describe('Login', () => {
  test('When the form is sent empty or malformed, then the pt-BR validation messages show', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('Email é obrigatório')).toBeVisible();
    await expect(page.getByText('Senha é obrigatória')).toBeVisible();

    await page.getByLabel('Email').fill('nao-e-email');
    await page.getByLabel('Senha', { exact: true }).fill('123');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page.getByText('Email inválido')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('When the password is short, then the form sends it and the server decides, not a minimum of the form', async ({
    page,
  }) => {
    await page.goto('/login');
    let isSent = false;
    page.on('request', (request) => {
      if (request.url().endsWith('/v1/auth/login')) isSent = true;
    });
    await submitLogin(page, 'ninguem@e2e.local', '123');
    await expect(page.getByText('Erro no login')).toBeVisible();
    await expect(page.getByText('Credenciais inválidas')).toBeVisible();
    await expect(page.getByText('Senha deve ter pelo menos 6 caracteres')).toHaveCount(0);
    expect(isSent).toBe(true);
  });

  test('When the eye button is pressed, then the password is shown and hidden again', async ({ page }) => {
    await page.goto('/login');
    const password = page.getByLabel('Senha', { exact: true });
    await password.fill('segredo123');
    await expect(password).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Mostrar senha' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Ocultar senha' }).click();
    await expect(password).toHaveAttribute('type', 'password');
  });

  test('When the password is wrong, then an error toast shows and the visitor stays on /login', async ({
    page,
    server,
  }) => {
    await page.goto('/login');
    await submitLogin(page, server.admin.email, 'senha-errada');
    await expect(page.getByText('Erro no login')).toBeVisible();
    await expect(page.getByText('Credenciais inválidas')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await expect.poll(() => readStoredToken(page)).toBeNull();
  });

  test('When the credentials are right, then a toast confirms and the home page greets the user', async ({
    page,
    server,
  }) => {
    await page.goto('/login');
    await submitLogin(page, server.admin.email, server.admin.password);
    await expect(page.getByText('Login realizado com sucesso!')).toBeVisible();
    await expect(page.getByText('Redirecionando...')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Bem-vindo, Administrador!')).toBeVisible();
    await expect.poll(() => readStoredToken(page)).toBeTruthy();
  });

  test('When the page is reloaded, then the session is kept and /login sends back to /', async ({
    page,
    loginAsAdmin,
  }) => {
    await loginAsAdmin(page);
    await page.goto('/applications');
    await page.reload();
    await expect(page).toHaveURL(/\/applications$/);
    await expect(page.getByText('Bem-vindo, Administrador!')).toBeVisible();

    await page.goto('/login');
    await expect(page).toHaveURL(/\/$/);
  });

  test('When Sair is pressed, then the session ends and protected pages send to /login', async ({
    page,
    loginAsAdmin,
    api,
  }) => {
    const token = await signInAndReadToken(page, loginAsAdmin);
    await page.getByRole('button', { name: 'Sair' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect.poll(() => readStoredToken(page)).toBeNull();
    const me = await api.call('GET', '/auth/me', { token });
    expect(me.status).toBe(401);

    await page.goto('/events');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fevents$/);
    await expect(page.getByText('Sua sessão expirou. Entre novamente.')).toHaveCount(0);
  });

  test('When the token is revoked on the server, then the next navigation goes to /login', async ({
    page,
    loginAsAdmin,
    api,
  }) => {
    const token = await signInAndReadToken(page, loginAsAdmin);
    const logout = await api.call('POST', '/auth/logout', { token });
    expect(logout.status).toBe(204);

    await page.goto('/subscriptions');
    await expect(page).toHaveURL(/\/login\?redirect=%2Fsubscriptions&reason=expired$/);
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    await expect.poll(() => readStoredToken(page)).toBeNull();
  });

  test('When an unknown path is opened, then a 404 page links back to the start', async ({ page }) => {
    await page.goto('/nao-existe/mesmo');
    await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
    await page.getByRole('link', { name: 'Voltar ao início' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });
});

test.describe('Layout', () => {
  test('When an admin signs in, then the menu shows every group and highlights sub-paths', async ({
    page,
    loginAsAdmin,
  }) => {
    await loginAsAdmin(page);
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    for (const label of ['Início', 'Aplicações', 'Eventos', 'Assinaturas', 'Rotas', 'Regras', 'Integração']) {
      await expect(menu.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('link', { name: 'Log de Assinaturas' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Log de Eventos' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Perfil' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Admin' })).toBeVisible();

    await menu.getByRole('link', { name: 'Rotas' }).click();
    await expect(page).toHaveURL(/\/routes$/);
    await page.goto('/routes/123/fields/new');
    await expect(menu.getByRole('link', { name: 'Rotas' })).toHaveAttribute('aria-current', 'page');
    await page.goto('/event-logs/abc');
    await expect(menu.getByRole('link', { name: 'Log de Eventos' })).toHaveAttribute('aria-current', 'page');
  });

  test('When a regular user signs in, then the Admin entry is hidden', async ({ page, api, loginAs }) => {
    const user = await api.createUser({ name: 'Maria Silva' });
    await loginAs(page, user.email, user.password);
    await expect(page.getByText('Bem-vindo, Maria Silva!')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Perfil' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  });

  test('When the screen is small, then the menu opens from a button', async ({ page, loginAsAdmin }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await loginAsAdmin(page);
    await expect(page.getByRole('link', { name: 'Aplicações' })).toBeHidden();
    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('link', { name: 'Aplicações' }).click();
    await expect(page).toHaveURL(/\/applications$/);
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});
