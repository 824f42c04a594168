import { expect, test } from '../support/fixtures';
import { useReceiver } from '../support/receiver';
import { seedSubscribedEvent } from '../support/seed-event';

/** Answers 500 to the first delivery of each path, then 200: a failed delivery the consumer resends. */
const seen = new Map<string, number>();
const receiver = useReceiver((path) => {
  const count = (seen.get(path) ?? 0) + 1;
  seen.set(path, count);
  return { status: count === 1 ? 500 : 200, body: JSON.stringify({ recebido: count > 1 }) };
});

test.describe('Portal do consumidor', () => {
  test('When a customer opens its session link, then it creates an endpoint, sees the failed delivery and resends it', async ({
    page,
    api,
  }) => {
    const { application, event } = await seedSubscribedEvent(api, (suffix) => ({
      event: { name: `Pedido Pago ${suffix}`, alias: `pedido.pago.${suffix}`, maxRetries: 0 },
    }));
    const { data: session } = await api.post<{ data: { url: string; token: string } }>(
      `/applications/${application.id}/portal-sessions`,
      { consumerId: 'cliente-e2e' },
    );
    const url = new URL(session.url);
    await page.goto(`${url.pathname}${url.hash}`);
    await expect(page.getByRole('heading', { name: 'Seus webhooks' })).toBeVisible();
    // The token leaves the address once read.
    await expect.poll(() => new URL(page.url()).hash).toBe('');
    await expect(page.getByText('Nenhum endpoint ainda.')).toBeVisible();

    await page.getByLabel('URL').fill(`${receiver.url}/cliente-e2e`);
    await page.getByRole('button', { name: 'Criar endpoint' }).click();
    await expect(page.getByText('Endpoint criado')).toBeVisible();
    await expect(page.getByText(`${receiver.url}/cliente-e2e`)).toBeVisible();

    const emitted = { eventType: event.alias, applicationId: application.id, data: { pedido: 1 } };
    expect(await api.emitWithApiKey(application.apiKey, emitted)).toBe(202);
    const failed = page.getByTestId('portal-log').filter({ hasText: 'Falhou' });
    await expect
      .poll(async () => {
        await page.getByRole('button', { name: 'Atualizar' }).click();
        return failed.count();
      })
      .toBe(1);

    await failed.getByRole('button', { name: 'Reenviar' }).click();
    await expect(page.getByText('Reenvio iniciado')).toBeVisible();
    await expect
      .poll(async () => {
        await page.getByRole('button', { name: 'Atualizar' }).click();
        return page.getByTestId('portal-log').filter({ hasText: 'Sucesso' }).count();
      })
      .toBe(1);
    expect(seen.get('/cliente-e2e')).toBe(2);
  });
});
