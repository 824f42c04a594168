import { expect, test } from '../support/fixtures';
import { useReceiver } from '../support/receiver';
import { seedSubscribedEvent } from '../support/seed-event';

// '/later' answers 503 with a long Retry-After, so its delivery stays RETRYING.
const receiver = useReceiver((path) =>
  path === '/later' ? { status: 503, headers: { 'retry-after': '3600' } } : { status: 200 },
);

test.describe('Telas de evento', () => {
  test('When the queue type changes, then only its settings and its warning show, on the form and the detail', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    const { event } = await seedSubscribedEvent(api, (suffix) => ({
      event: { name: `Pedido ${suffix}`, alias: `pedido.${suffix}`, queueType: 'IMMEDIATE' },
    }));

    await loginAsAdmin(page);
    await page.goto(`/events/${event.id}`);
    const settings = page.getByTestId('queue-settings');
    await expect(settings).toContainText('Máximo de tentativas');
    await expect(settings).not.toContainText('Prioridade');
    await expect(settings).not.toContainText('TTL da mensagem');
    await expect(settings).not.toContainText('Intervalo entre envios');

    await page.goto(`/events/${event.id}/edit`);
    const warning = page.getByText('A fila imediata não é recomendada para grande escala');
    await expect(warning).toBeVisible();
    await expect(page.getByTestId('queue-settings')).toHaveCount(0);
    await page.getByRole('radio', { name: /^RabbitMQ/ }).click();
    await expect(page.getByTestId('queue-settings')).toBeVisible();
    await expect(warning).toHaveCount(0);
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await expect(page.getByText('Evento atualizado')).toBeVisible();
    await expect(page.getByTestId('queue-settings')).toContainText('Prioridade');
    await expect(page.getByTestId('queue-settings')).toContainText('TTL da mensagem');

    await page.goto('/events/new');
    await expect(page.getByText('A fila imediata não é recomendada para grande escala')).toBeVisible();
  });

  test('When a delivery waits for its retry, then the statistics count it as Reenviando', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    const { application, event } = await seedSubscribedEvent(api, (suffix) => ({
      event: { name: `Nota ${suffix}`, alias: `nota.${suffix}` },
      subscriptions: [
        {
          name: `Depois ${suffix}`,
          targetUrl: `${receiver.url}/later`,
          jsonBody: { nota: '{{payload.nota}}' },
        },
      ],
    }));
    const emitted = { eventType: event.alias, applicationId: application.id, data: { nota: 1 } };
    expect(await api.emitWithApiKey(application.apiKey, emitted)).toBe(202);
    await expect
      .poll(
        async () =>
          (await api.get<{ stats: { RETRYING: number } }>(`/logs?eventId=${event.id}`)).stats.RETRYING,
      )
      .toBe(1);

    await loginAsAdmin(page);
    await page.goto(`/events/${event.id}`);
    const statistics = page.getByTestId('event-statistics');
    await expect(statistics.locator('div').filter({ hasText: /^Entregas/ })).toContainText('1');
    await expect(statistics.locator('div').filter({ hasText: /^Reenviando/ })).toContainText('1');
  });

  test('When an event has a body template, then the subscription form says which body is sent', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    const { event } = await seedSubscribedEvent(api, (suffix) => ({
      event: {
        name: `Fatura ${suffix}`,
        alias: `fatura.${suffix}`,
        bodyTemplate: { fatura: '{{payload.id}}' },
      },
    }));

    await loginAsAdmin(page);
    await page.goto(`/subscriptions/new?eventId=${event.id}`);
    const note = page.getByTestId('body-source-note');
    await expect(note).toContainText('é este JSON Body que é enviado');
    await page.getByLabel('JSON Body', { exact: true }).fill('');
    await expect(note).toContainText('Sem JSON Body, é enviado o resultado do template do body do evento.');

    await page.goto(`/events/${event.id}/edit`);
    await expect(page.getByTestId('body-source-note')).toContainText(
      'Uma assinatura com JSON Body envia o JSON Body dela, não este template',
    );
  });

  test('When the processing test runs, then its results get the width of the page', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    const { event } = await seedSubscribedEvent(api, (suffix) => ({
      event: { name: `Envio ${suffix}`, alias: `envio.${suffix}` },
      subscriptions: [
        {
          name: `Destino ${suffix}`,
          targetUrl: `${receiver.url}/ok`,
          jsonBody: { pedido: '{{payload.pedido}}', cliente: '{{payload.cliente}}' },
        },
      ],
    }));

    await page.setViewportSize({ width: 1366, height: 900 });
    await loginAsAdmin(page);
    await page.goto(`/events/${event.id}`);
    const processing = page.getByTestId('processing-test');
    await processing.getByLabel('Dados de teste (JSON)').fill('{"pedido": 42, "cliente": "Maria"}');
    await processing.getByRole('button', { name: 'Simular Processamento' }).click();
    const result = page.getByTestId('processing-result');
    await expect(result).toContainText('"pedido": 42');
    const box = await result.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(700);
  });
});
