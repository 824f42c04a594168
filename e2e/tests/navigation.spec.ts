import { expect, test } from '../support/fixtures';

test.describe('Where am I', () => {
  test('When a screen opens, then the header and the browser tab name it', async ({ page, loginAsAdmin }) => {
    await loginAsAdmin(page);
    const header = page.getByTestId('header-title');
    await expect(header).toHaveText('Dashboard');
    await expect(page).toHaveTitle('Dashboard · Webhook Manager');

    const screens: Array<[string, string]> = [
      ['/applications', 'Aplicações'],
      ['/events', 'Eventos'],
      ['/subscriptions', 'Assinaturas'],
      ['/logs', 'Log de Assinaturas'],
      ['/event-logs', 'Log de Eventos'],
      ['/routes', 'Rotas'],
      ['/event-rules', 'Regras'],
      ['/profile', 'Perfil'],
    ];
    for (const [path, title] of screens) {
      await page.goto(path);
      await expect(header).toHaveText(title);
      await expect(page).toHaveTitle(`${title} · Webhook Manager`);
    }
  });

  test('When a detail page opens, then the menu entry of its section is highlighted', async ({
    page,
    loginAsAdmin,
    api,
  }) => {
    const suffix = Date.now().toString(36);
    const { data: application } = await api.post<{ data: { id: string } }>('/applications', {
      name: `Onde ${suffix}`,
    });
    const { data: event } = await api.post<{ data: { id: string } }>('/events', {
      applicationId: application.id,
      name: `Pedido ${suffix}`,
      alias: `pedido.${suffix}`,
    });
    const { data: subscription } = await api.post<{ data: { id: string } }>('/subscriptions', {
      eventId: event.id,
      name: `Destino ${suffix}`,
      targetUrl: 'http://127.0.0.1:9/hook',
      jsonBody: { pedido: true },
    });
    await loginAsAdmin(page);
    const menu = page.getByRole('navigation', { name: 'Menu principal' });
    const entry = (name: string) => menu.getByRole('link', { name, exact: true });

    await page.goto(`/events/${event.id}`);
    await expect(page.getByTestId('header-title')).toHaveText('Detalhes do Evento');
    await expect(page).toHaveTitle('Detalhes do Evento · Webhook Manager');
    await expect(entry('Eventos')).toHaveAttribute('aria-current', 'page');
    await expect(entry('Início')).not.toHaveAttribute('aria-current', 'page');

    await page.goto(`/events/${event.id}/edit`);
    await expect(entry('Eventos')).toHaveAttribute('aria-current', 'page');
    await page.goto(`/applications/${application.id}`);
    await expect(entry('Aplicações')).toHaveAttribute('aria-current', 'page');
    await page.goto(`/subscriptions/${subscription.id}`);
    await expect(entry('Assinaturas')).toHaveAttribute('aria-current', 'page');
    await expect(page.getByTestId('header-title')).toHaveText('Detalhes da Assinatura');
  });

  test('When signed out, then /login and unknown paths name themselves in the tab', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveTitle('Entrar · Webhook Manager');
    await page.goto('/nao-existe');
    await expect(page).toHaveTitle('Página não encontrada · Webhook Manager');
  });
});
