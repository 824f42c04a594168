import { describe, expect, it } from 'vitest';
import { isEmptyTemplate, renderDeliveryBody, renderEventPayload } from './render-delivery-body';

const base = {
  eventId: 'evt-1',
  eventName: 'Pedido criado',
  timestamp: '2024-05-01T10:00:00.000Z',
  data: { body: { id: 9, status: 'paid' }, user: 'ana' },
};

describe('renderEventPayload / renderDeliveryBody', () => {
  it('When the event has no body template, then the payload is a copy of the data', () => {
    const payload = renderEventPayload(base);
    expect(payload).toEqual(base.data);
    expect(payload).not.toBe(base.data);
  });

  it('When the event uses the default template, then the payload wraps the data body', () => {
    expect(renderEventPayload({ ...base, bodyTemplate: { body: '{{payload.body}}' } })).toEqual({
      body: { id: 9, status: 'paid' },
    });
  });

  it('When the subscription has no jsonBody, then the event payload is sent', () => {
    const result = renderDeliveryBody({ ...base, bodyTemplate: { order: '{{payload.body.id}}' } });
    expect(result).toEqual({ payload: { order: 9 }, body: { order: 9 } });
  });

  it('When the subscription has a jsonBody, then it renders against the event payload and the data', () => {
    const result = renderDeliveryBody({
      ...base,
      bodyTemplate: { order: '{{payload.body.id}}' },
      jsonBody: {
        id: '#eventId#',
        name: '#eventName#',
        at: '#timestamp#',
        order: '{{payload.order}}',
        who: '{{data.user}}',
        raw: '#data#',
      },
    });
    expect(result.body).toEqual({
      id: 'evt-1',
      name: 'Pedido criado',
      at: '2024-05-01T10:00:00.000Z',
      order: 9,
      who: 'ana',
      raw: base.data,
    });
  });

  it.each([
    [null, true],
    [undefined, true],
    ['', true],
    ['  ', true],
    [{}, true],
    [[], false],
    [{ a: 1 }, false],
    ['#data#', false],
    [0, false],
  ])('When the template is %j, then isEmptyTemplate is %s', (template, expected) => {
    expect(isEmptyTemplate(template)).toBe(expected);
  });
});
