import { expect, test } from '../support/fixtures';

test.describe('Consumidores no console', () => {
  test('When an owner opens its application, then it sees its consumers, opens a portal link and saves the portal settings', async ({
    page,
    api,
    loginAs,
  }) => {
    const user = await api.createUser();
    const token = await api.login(user.email, user.password);
    const { data: application } = await api.post<{ data: { id: string; apiKey: string } }>(
      '/applications',
      { name: `Loja consumidores ${Date.now().toString(36)}` },
      token,
    );
    const { data: event } = await api.post<{ data: { id: string } }>(
      '/events',
      { applicationId: application.id, name: 'Pedido', alias: `pedido.${Date.now().toString(36)}` },
      token,
    );
    const created = await api.call(
      'POST',
      `/applications/${application.id}/consumers/cliente-7/subscriptions`,
      {
        body: { eventId: event.id, name: 'Do cliente', targetUrl: 'https://example.com/c7', jsonBody: {} },
        token: null,
        headers: { 'x-api-key': application.apiKey },
      },
    );
    expect(created.status).toBe(201);

    await loginAs(page, user.email, user.password);
    await page.goto(`/applications/${application.id}`);
    const consumers = page.getByTestId('consumers-card');
    const row = consumers.getByRole('row').filter({ hasText: 'cliente-7' });
    await expect(row).toContainText('1');
    await expect(row).toContainText('Saudável');
    await row.getByRole('button', { name: 'Link do portal' }).click();
    await expect(consumers.getByTestId('portal-link')).toContainText(`/portal/${application.id}#token=`);

    const settings = page.getByTestId('portal-settings');
    await settings.getByLabel('Origens permitidas').fill('https://loja.exemplo.com/caminho');
    await settings.getByRole('button', { name: 'Salvar portal' }).click();
    await expect(settings.getByText(/Origem inválida/)).toBeVisible();
    await settings.getByLabel('Origens permitidas').fill('https://loja.exemplo.com');
    await settings.getByLabel('Cor principal').fill('#0a7c3f');
    await settings.getByRole('button', { name: 'Salvar portal' }).click();
    await expect(page.getByText('Portal atualizado')).toBeVisible();
    const saved = await api.get<{ data: { portal: { allowedOrigins: string[]; accentColor: string } } }>(
      `/applications/${application.id}`,
      token,
    );
    expect(saved.data.portal).toMatchObject({
      allowedOrigins: ['https://loja.exemplo.com'],
      accentColor: '#0a7c3f',
    });

    await row.getByRole('link', { name: 'cliente-7' }).click();
    await expect(page.getByTestId('consumer-id')).toHaveText('Consumidor: cliente-7');
  });
});
