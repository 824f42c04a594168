import { expect, test } from '../support/fixtures';
import { useReceiver } from '../support/receiver';
import { seedSubscribedEvent } from '../support/seed-event';

const receiver = useReceiver(() => ({ status: 200 }));

test.describe('Catálogo de eventos', () => {
  test('When a schema is generated from an example and enforced, then a bad payload is refused, flagged under WARN and the catalogue shows the event', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    const { application, event } = await seedSubscribedEvent(api, (suffix) => ({
      application: { visibility: 'PUBLIC' },
      event: { name: `Pedido ${suffix}`, alias: `pedido.${suffix}` },
      subscriptions: [
        { name: `Loja ${suffix}`, targetUrl: `${receiver.url}/hook`, jsonBody: { pedido: '{{payload.id}}' } },
      ],
    }));

    await loginAsAdmin(page);
    await page.goto(`/events/${event.id}/edit`);
    await page.getByLabel('Exemplo de payload').fill('{"id": "o-1", "total": 10}');
    await page.getByRole('button', { name: 'Gerar a partir de um exemplo' }).click();
    await expect(page.getByLabel('Schema (JSON)')).toHaveValue(/"required": \[\s*"id",\s*"total"\s*\]/);
    await page.getByRole('combobox', { name: 'Validação na emissão' }).click();
    await page.getByRole('option', { name: /Exigir/ }).click();
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await expect(page.getByText('Evento atualizado')).toBeVisible();

    const bad = { eventType: event.alias, applicationId: application.id, data: { id: 7 } };
    expect(await api.emitWithApiKey(application.apiKey, bad)).toBe(422);

    await api.put(`/events/${event.id}`, { schemaValidation: 'WARN' });
    expect(await api.emitWithApiKey(application.apiKey, bad)).toBe(202);
    const logs = await api.get<{ data: { id: string }[] }>(`/logs?eventId=${event.id}`);
    await page.goto(`/logs/${logs.data[0]?.id}`);
    const violations = page.getByTestId('schema-violations');
    await expect(violations).toContainText('Payload fora do schema');
    await expect(violations).toContainText('/id');

    await page.goto(`/applications/${application.id}`);
    await page.getByRole('link', { name: 'Catálogo' }).click();
    const card = page.getByTestId(`catalog-event-${event.alias}`);
    await expect(card).toContainText('Schema v1');
    await expect(card).toContainText('"total"');
  });
});
