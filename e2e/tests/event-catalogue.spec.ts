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
    // The body template offers the schema's fields as placeholders, put in at the caret.
    const template = page.getByLabel('Template (JSON)');
    const templateBefore = await template.inputValue();
    await template.fill('{"total": }');
    await template.press('ArrowLeft');
    await page.getByRole('button', { name: '{{payload.total}}' }).click();
    await expect(template).toHaveValue(/"total": "\{\{payload\.total\}\}"/);
    await template.fill(templateBefore);
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
    await expect(violations).toContainText('deve ser do tipo texto');

    await page.goto(`/applications/${application.id}`);
    await page.getByRole('link', { name: 'Catálogo' }).click();
    const card = page.getByTestId(`catalog-event-${event.alias}`);
    await expect(card).toContainText('Schema v1');
    await expect(card).toContainText('"total"');
  });

  test('When an event has a schema and examples, then the subscription form shows the schema, the filter editor suggests its paths and the filter test fills an example', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    const schema = {
      type: 'object',
      required: ['pedido'],
      properties: {
        pedido: { type: 'object', properties: { id: { type: 'string' }, total: { type: 'number' } } },
        status: { enum: ['NOVO', 'PAGO'] },
      },
    };
    const example = { pedido: { id: 'p-1', total: 150 }, status: 'PAGO' };
    const { event, subscriptions } = await seedSubscribedEvent(api, (suffix) => ({
      event: { name: `Pedido ${suffix}`, alias: `pedido.${suffix}`, schema, examples: [example] },
      subscriptions: [{ name: `Loja ${suffix}`, targetUrl: `${receiver.url}/hook`, jsonBody: '"#data#"' }],
    }));

    await loginAsAdmin(page);
    await page.goto(`/subscriptions/new?eventId=${event.id}`);
    const preview = page.getByTestId('schema-preview');
    await expect(preview).toContainText('Schema do evento (versão 1)');
    await preview.getByText('Ver o JSON Schema do payload').click();
    await expect(preview).toContainText('"total"');
    await page.getByRole('button', { name: 'Adicionar Filtro' }).click();
    const field = page.getByLabel('Campo do filtro 1');
    await expect(field).toHaveAttribute('list', 'filter-field-paths');
    const suggestions = page.locator('#filter-field-paths option');
    await expect(suggestions).toHaveCount(4);
    expect(
      await suggestions.evaluateAll((options) =>
        options.map((option) => (option as HTMLOptionElement).value),
      ),
    ).toEqual(['pedido', 'pedido.id', 'pedido.total', 'status']);

    await page.goto(`/subscriptions/${subscriptions[0]?.id}`);
    const filterTest = page.getByTestId('filter-test');
    await filterTest.getByRole('button', { name: 'Usar exemplo 1' }).click();
    await expect(filterTest.getByLabel('Dados de teste (JSON)')).toHaveValue(/"total": 150/);
  });
});
