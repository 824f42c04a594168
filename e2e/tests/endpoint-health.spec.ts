import { expect, test } from '../support/fixtures';
import { useReceiver } from '../support/receiver';
import { seedSubscribedEvent } from '../support/seed-event';

/** '/down' is an endpoint that keeps failing; anything else answers 200. */
const receiver = useReceiver((path) => ({ status: path.startsWith('/down') ? 503 : 200 }));

/** Failed attempts in a row that open a circuit (DELIVERY_CIRCUIT_FAILURES, default). */
const CIRCUIT_FAILURES = 10;

test.describe('Saúde do endpoint', () => {
  test('When an endpoint keeps failing, then its detail shows the open circuit and the rate limit, and the list marks it', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    const { application, event, subscriptions, suffix } = await seedSubscribedEvent(api, (id) => ({
      event: { name: `Pedido Pago ${id}`, alias: `pedido.pago.${id}` },
      subscriptions: [
        {
          name: `ERP fora do ar ${id}`,
          targetUrl: `${receiver.url}/down`,
          jsonBody: {},
          rateLimitPerSecond: 50,
        },
        { name: `CRM ${id}`, targetUrl: `${receiver.url}/ok`, jsonBody: {} },
      ],
    }));
    const [down] = subscriptions;
    if (!down) throw new Error('the subscription was not created');
    for (let n = 0; n < CIRCUIT_FAILURES; n++) {
      const emitted = { eventType: event.alias, applicationId: application.id, data: { n } };
      expect(await api.emitWithApiKey(application.apiKey, emitted)).toBe(202);
    }
    await expect
      .poll(
        async () =>
          (await api.get<{ data: { circuit: { state: string } } }>(`/subscriptions/${down.id}/health`)).data
            .circuit.state,
      )
      .toBe('OPEN');

    await loginAsAdmin(page);
    await page.goto(`/subscriptions/${down.id}`);
    const card = page.getByTestId('endpoint-health');
    await expect(card.getByText('Saúde do endpoint')).toBeVisible();
    await expect(card.getByTestId('circuit-state')).toHaveText(
      /^Aberto até \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/,
    );
    await expect(card).toContainText(`Falhas consecutivas${CIRCUIT_FAILURES}`);
    await expect(card).toContainText('Limite por segundo50 por segundo');
    await expect(card).toContainText('Máximo simultâneoPadrão');
    await expect(card).toContainText(`0% de sucesso em ${CIRCUIT_FAILURES} tentativas`);

    await page.goto(`/subscriptions?search=${suffix}`);
    const downRow = page.getByRole('row').filter({ hasText: `ERP fora do ar ${suffix}` });
    const okRow = page.getByRole('row').filter({ hasText: `CRM ${suffix}` });
    await expect(downRow.getByTestId('circuit-open')).toHaveText('Circuito aberto');
    await expect(okRow).toBeVisible();
    await expect(okRow.getByTestId('circuit-open')).toHaveCount(0);
  });

  test('When limits are typed in the form, then bad ones get a pt-BR message and good ones show on the health card', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    const { subscriptions } = await seedSubscribedEvent(api, (id) => ({
      event: { name: `Nota Fiscal ${id}`, alias: `nota.fiscal.${id}` },
      subscriptions: [{ name: `Fiscal ${id}`, targetUrl: `${receiver.url}/ok`, jsonBody: {} }],
    }));
    const [subscription] = subscriptions;
    if (!subscription) throw new Error('the subscription was not created');

    await loginAsAdmin(page);
    await page.goto(`/subscriptions/${subscription.id}/edit`);
    await page.getByLabel('Limite de envios por segundo').fill('0');
    await page.getByLabel('Máximo de envios simultâneos').fill('2,5');
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await expect(page.getByText('Limite de envios por segundo deve ser no mínimo 1')).toBeVisible();
    await expect(
      page.getByText('Máximo de envios simultâneos deve ser um número', { exact: true }),
    ).toBeVisible();
    await page.getByLabel('Limite de envios por segundo').fill('5');
    await page.getByLabel('Máximo de envios simultâneos').fill('3');
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await expect(page.getByText('Assinatura atualizada')).toBeVisible();
    const card = page.getByTestId('endpoint-health');
    await expect(card.getByTestId('circuit-state')).toHaveText('Fechado');
    await expect(card).toContainText('Limite por segundo5 por segundo');
    await expect(card).toContainText('Máximo simultâneo3');
    await expect(card).toContainText('Última horaSem tentativas');
  });
});
