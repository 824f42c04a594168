import { describe, expect, it } from 'vitest';
import { readEventType } from './read-event-type';

const types = new Map([
  ['push', true],
  ['payment_intent.succeeded', true],
  ['antigo', false],
]);

describe('readEventType', () => {
  it('When the type comes from a header, a body path or is fixed, then it is matched by alias, as sent or lowercased', () => {
    expect(
      readEventType({ source: 'HEADER', value: 'X-GitHub-Event' }, { 'x-github-event': 'Push' }, {}, types),
    ).toEqual({
      alias: 'push',
    });
    expect(
      readEventType({ source: 'BODY_PATH', value: 'type' }, {}, { type: 'payment_intent.succeeded' }, types),
    ).toEqual({ alias: 'payment_intent.succeeded' });
    expect(readEventType({ source: 'FIXED', value: 'push' }, {}, {}, types)).toEqual({ alias: 'push' });
  });

  it('When nothing matches an active type, then the reason, with the value read when there is one', () => {
    expect(readEventType({ source: 'HEADER', value: 'X-Evento' }, {}, {}, types)).toEqual({
      alias: null,
      reason: 'Cabeçalho X-Evento ausente: tipo de evento desconhecido',
    });
    expect(
      readEventType({ source: 'BODY_PATH', value: 'data.type' }, {}, { data: { type: {} } }, types),
    ).toEqual({
      alias: null,
      reason: 'Caminho data.type ausente no corpo: tipo de evento desconhecido',
    });
    expect(readEventType({ source: 'FIXED', value: 'antigo' }, {}, {}, types)).toEqual({
      alias: 'antigo',
      reason: 'Tipo de evento "antigo" inativo nesta rota',
    });
    expect(
      readEventType({ source: 'BODY_PATH', value: 'type' }, {}, { type: 'x'.repeat(300) }, types),
    ).toMatchObject({
      reason: `Tipo de evento "${'x'.repeat(100)}…" não cadastrado nesta rota`,
    });
  });
});
