import { expect, test } from '../support/fixtures';
import { useReceiver } from '../support/receiver';
import { seedSubscribedEvent } from '../support/seed-event';

// '/gone' answers 410 so its delivery ends FAILED at once (no retry schedule to wait for).
const receiver = useReceiver((path) => ({
  status: path === '/gone' ? 410 : 200,
  body: JSON.stringify({ recebido: true }),
}));

test.describe('Log de Assinaturas', () => {
  test('When an event is emitted, then its deliveries show in /logs, open in detail, and a FAILED one can be resent', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    const jsonBody = { pedido: '{{payload.pedido}}' };
    const { application, event, subscriptions, suffix } = await seedSubscribedEvent(api, (suffix) => ({
      application: { visibility: 'PRIVATE' },
      event: { name: `Pedido Criado ${suffix}`, alias: `pedido.criado.${suffix}` },
      subscriptions: [
        { name: `Assinatura OK ${suffix}`, targetUrl: `${receiver.url}/ok`, jsonBody },
        { name: `Assinatura Gone ${suffix}`, targetUrl: `${receiver.url}/gone`, jsonBody },
      ],
    }));
    const gone = subscriptions[1];
    if (!gone) throw new Error('the 410 subscription was not created');
    const emitted = { eventType: event.alias, applicationId: application.id, data: { pedido: 42 } };
    expect(await api.emitWithApiKey(application.apiKey, emitted)).toBe(202);
    await expect
      .poll(async () => {
        const list = await api.get<{ stats: { SUCCESS: number; FAILED: number } }>(
          `/logs?eventId=${event.id}`,
        );
        return list.stats.SUCCESS + list.stats.FAILED;
      })
      .toBe(2);

    await loginAsAdmin(page);
    await page.goto('/logs');
    await expect(page.getByRole('heading', { name: 'Log de Assinaturas' })).toBeVisible();
    const okRow = page.getByRole('row').filter({ hasText: `Assinatura OK ${suffix}` });
    const goneRow = page.getByRole('row').filter({ hasText: `Assinatura Gone ${suffix}` });
    await expect(okRow.getByTestId('http-status')).toHaveText('200');
    await expect(goneRow.getByTestId('http-status')).toHaveText('410');
    await expect(okRow.getByRole('button', { name: 'Reenviar' })).toHaveCount(0);

    // The status filter narrows the list on the server; 'Todos' clears it.
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Falhou' }).click();
    await expect(page).toHaveURL(/status=FAILED/);
    await expect(goneRow).toBeVisible();
    await expect(okRow).toHaveCount(0);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Todos' }).click();
    await expect(okRow).toBeVisible();
    await expect(page).not.toHaveURL(/status=/);

    await okRow.getByRole('link', { name: 'Ver detalhes' }).click();
    await expect(page.getByText('Payload enviado')).toBeVisible();
    await expect(page.getByText('Tentativa 1')).toBeVisible();
    await expect(page.getByText('"pedido": 42').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Tentar Novamente' })).toHaveCount(0);

    // The 410 set the subscription FAILED: no worker would send, so the retry is refused and says why.
    await page.getByRole('link', { name: 'Voltar para logs' }).click();
    await goneRow.getByRole('button', { name: 'Reenviar' }).click();
    await expect(page.getByText('Erro no reenvio')).toBeVisible();
    await expect(
      page.getByText('A assinatura está inativa ou desativada: ative-a antes de reenviar'),
    ).toBeVisible();

    await api.put(`/subscriptions/${gone.id}`, { status: 'ACTIVE' });
    await goneRow.getByRole('button', { name: 'Reenviar' }).click();
    await expect(page.getByText('Reenvio iniciado')).toBeVisible();
    await expect(page.getByText('O webhook será reenviado em breve.')).toBeVisible();
  });

  test('When a webhook is tested from the list, then the toast tells the answer and links to its log', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    const { event, suffix } = await seedSubscribedEvent(api, (suffix) => ({
      application: { name: `Teste ${suffix}` },
      event: { name: `Teste Criado ${suffix}`, alias: `teste.criado.${suffix}` },
      subscriptions: [
        { name: `Destino OK ${suffix}`, targetUrl: `${receiver.url}/ok`, jsonBody: { teste: true } },
        { name: `Destino Gone ${suffix}`, targetUrl: `${receiver.url}/gone`, jsonBody: { teste: true } },
      ],
    }));

    await loginAsAdmin(page);
    await page.goto(`/subscriptions?eventId=${event.id}`);
    const okRow = page.getByRole('row').filter({ hasText: `Destino OK ${suffix}` });
    const goneRow = page.getByRole('row').filter({ hasText: `Destino Gone ${suffix}` });

    // A target that answers 410 is a failed test, not 'Teste enviado'.
    await goneRow.getByRole('button', { name: 'Testar webhook' }).click();
    await expect(page.getByText('Erro no teste')).toBeVisible();
    await expect(page.getByText('HTTP 410')).toBeVisible();

    await okRow.getByRole('button', { name: 'Testar webhook' }).click();
    await expect(page.getByText('Teste enviado')).toBeVisible();
    await expect(page.getByText(/^HTTP 200 em \d+ ms$/)).toBeVisible();
    const toastOk = page.locator('[data-sonner-toast]').filter({ hasText: 'Teste enviado' });
    await toastOk.getByRole('button', { name: 'Ver log' }).click();
    await expect(page).toHaveURL(/\/logs\/[0-9a-f-]{36}$/);
    await expect(page.getByText('Payload enviado')).toBeVisible();
    await expect(page.getByText(`Destino OK ${suffix}`).first()).toBeVisible();
  });

  test('When the log does not exist, then the detail says so', async ({ page, loginAsAdmin }) => {
    await loginAsAdmin(page);
    await page.goto('/logs/01890000-0000-7000-8000-000000000000');
    await expect(page.getByText('Log não encontrado')).toBeVisible();
  });
});
