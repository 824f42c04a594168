import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '../support/fixtures';

const READER_REASON = 'Só quem pode editar o evento pode testar o callback.';

test.describe('Actions that cannot work', () => {
  test('When a read-only member opens an event with a callback, then Testar Callback is disabled and sends nothing', async ({
    page,
    api,
    loginAs,
  }) => {
    const received: Array<string | undefined> = [];
    const callback = createServer((request, response) => {
      received.push(request.headers.authorization);
      response.setHeader('access-control-allow-origin', '*');
      response.setHeader('access-control-allow-headers', '*');
      response.end('ok');
    });
    await new Promise<void>((done) => callback.listen(0, '127.0.0.1', done));
    try {
      const suffix = Date.now().toString(36);
      const { data: application } = await api.post<{ data: { id: string } }>('/applications', {
        name: `Leitura ${suffix}`,
      });
      const { data: event } = await api.post<{ data: { id: string } }>('/events', {
        applicationId: application.id,
        name: `Pedido ${suffix}`,
        alias: `pedido.${suffix}`,
        enableCallbacks: true,
        callbackUrl: `http://127.0.0.1:${(callback.address() as AddressInfo).port}/callback`,
        callbackAuthType: 'BEARER',
        callbackAuthDetails: { token: 'segredo-do-callback' },
      });
      const reader = await api.createUser();
      await api.post(`/applications/${application.id}/members`, { email: reader.email, canRead: true });

      await loginAs(page, reader.email, reader.password);
      await page.goto(`/events/${event.id}`);
      const card = page.getByTestId('callback-test');
      const button = card.getByRole('button', { name: 'Testar Callback' });
      await expect(button).toBeDisabled();
      await expect(button).toHaveAttribute('title', READER_REASON);
      await expect(card).toContainText(READER_REASON);
      await button.click({ force: true });
      await expect(card.getByTestId('callback-result')).toHaveCount(0);
      expect(received).toEqual([]);
    } finally {
      callback.close();
    }
  });

  test('When an event has no callback, then Testar Callback is disabled with the reason', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    const suffix = Date.now().toString(36);
    const { data: application } = await api.post<{ data: { id: string } }>('/applications', {
      name: `Sem callback ${suffix}`,
    });
    const { data: event } = await api.post<{ data: { id: string } }>('/events', {
      applicationId: application.id,
      name: `Sem callback ${suffix}`,
      alias: `sem.callback.${suffix}`,
    });
    await loginAsAdmin(page);
    await page.goto(`/events/${event.id}`);
    const button = page.getByTestId('callback-test').getByRole('button', { name: 'Testar Callback' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('title', 'Callback não habilitado ou URL não configurada');
  });

  test('When nothing is selected, then Reprocessar selecionados is disabled with the reason', async ({
    page,
    loginAsAdmin,
  }) => {
    await loginAsAdmin(page);
    await page.goto('/event-logs');
    const button = page.getByRole('button', { name: /Reprocessar selecionados/ });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('title', 'Selecione eventos com falha para reprocessar.');
  });

  test('When a user who is not an admin opens /admin, then the refusal shows instead of the users and there is no Novo Usuário button', async ({
    page,
    api,
    loginAs,
  }) => {
    const user = await api.createUser();
    await loginAs(page, user.email, user.password);
    await page.goto('/admin');
    await expect(page.getByText('Acesso restrito a administradores')).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Novo Usuário' })).toHaveCount(0);
  });
});
