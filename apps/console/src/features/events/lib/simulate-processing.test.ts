import { describe, expect, it } from 'vitest';
import { simulateEventProcessing } from './simulate-processing';

const event = { id: 'evt-1', name: 'Pedido', bodyTemplate: { body: '{{payload.body}}' } };
const subscription = {
  id: 's1',
  name: 'ERP',
  targetUrl: 'https://erp.example.com',
  filters: [] as never[],
  jsonBody: { evento: '#eventName#', conteudo: '{{payload.body}}' },
};

describe('processing test', () => {
  it('When the test data is not JSON, then Dados inválidos', () => {
    expect(simulateEventProcessing(event, [subscription], '{x', '').title).toBe('Dados inválidos');
    expect(simulateEventProcessing(event, [subscription], '{}', '[1]').title).toBe('Dados inválidos');
  });

  it('When the event has no subscriptions, then Nenhuma assinatura', () => {
    expect(simulateEventProcessing(event, [], '{}', '').title).toBe('Nenhuma assinatura');
  });

  it('When subscriptions have no filters, pass, fail or lack a URL, then each gets its own outcome message', () => {
    const outcome = simulateEventProcessing(
      event,
      [
        subscription,
        {
          ...subscription,
          id: 's2',
          filters: [{ origin: 'BODY', field: 'total', operator: '>', value: '10' }],
        },
        {
          ...subscription,
          id: 's3',
          filters: [
            { origin: 'BODY', field: 'total', operator: '>', value: '100' },
            { origin: 'HEADER', field: 'x-tenant', operator: '=', value: 'acme' },
          ],
        },
        { ...subscription, id: 's4', targetUrl: '' },
      ],
      '{"total": 50, "body": "oi"}',
      '{"X-Tenant": "other"}',
      '2026-01-01T00:00:00.000Z',
    );
    if (outcome.kind !== 'processed') throw new Error('expected processed');
    expect(outcome.results.map((result) => result.title)).toEqual([
      'Nenhum filtro configurado',
      'Filtros aprovados',
      'Assinatura filtrada',
      'URL de destino não configurada',
    ]);
    expect(outcome.results[0]?.body).toEqual({ evento: 'Pedido', conteudo: 'oi' });
    expect(outcome.results[2]?.description).toBe('Evento filtrado: 2 filtro(s) falharam');
    expect(outcome.description).toBe('2 de 4 assinatura(s) receberiam o evento.');
  });

  it('When evaluating a subscription fails unexpectedly, then Erro desconhecido for that subscription only', () => {
    const broken: never[] = [];
    Object.defineProperty(broken, 0, {
      enumerable: true,
      get() {
        throw new Error('filtro corrompido');
      },
    });
    broken.length = 1;
    const outcome = simulateEventProcessing(
      event,
      [{ ...subscription, filters: broken }, subscription],
      '{}',
      '',
    );
    if (outcome.kind !== 'processed') throw new Error('expected processed');
    expect(outcome.results.map((result) => result.title)).toEqual([
      'Erro desconhecido',
      'Nenhum filtro configurado',
    ]);
    expect(outcome.results[0]?.description).toBe('filtro corrompido');
  });

  it('When a subscription is not ACTIVE, then it is skipped with its reason, as the server would', () => {
    const outcome = simulateEventProcessing(
      event,
      [
        { ...subscription, id: 'on' },
        { ...subscription, id: 'paused', status: 'PAUSED' },
        { ...subscription, id: 'off', status: 'INACTIVE' },
        { ...subscription, id: 'failed', status: 'FAILED' },
      ],
      '{"body": "oi"}',
      '',
    );
    if (outcome.kind !== 'processed') throw new Error(outcome.title);
    expect(outcome.results.map((result) => [result.subscriptionId, result.kind, result.title])).toEqual([
      ['on', 'delivered', 'Nenhum filtro configurado'],
      ['paused', 'skipped', 'Assinatura pausada'],
      ['off', 'skipped', 'Assinatura inativa'],
      ['failed', 'skipped', 'Assinatura desativada'],
    ]);
    expect(outcome.description).toBe('1 de 4 assinatura(s) receberiam o evento.');
    expect(outcome.notice).toBeUndefined();
  });

  it('When the event is not ACTIVE, then a notice says what a real emit would meet', () => {
    const paused = simulateEventProcessing({ ...event, status: 'PAUSED' }, [subscription], '{}', '');
    expect(paused.kind === 'processed' && paused.notice).toBe(
      'Evento pausado: as entregas seriam aceitas e retidas até o evento voltar a ativo.',
    );
    const inactive = simulateEventProcessing({ ...event, status: 'INACTIVE' }, [subscription], '{}', '');
    expect(inactive.kind === 'processed' && inactive.notice).toBe(
      'Evento inativo: uma emissão real seria recusada.',
    );
  });
});
