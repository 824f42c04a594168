import type { Filter } from '@wm/rules';
import { describe, expect, it } from 'vitest';
import { testSubscriptionFilters } from './test-filters';

const filters: Filter[] = [
  { origin: 'BODY', field: 'order.total', operator: '>=', value: '100' },
  { origin: 'HEADER', field: 'x-tenant', operator: '=', value: 'acme' },
];

describe('filter test', () => {
  it('When data is not JSON, then Dados inválidos', () => {
    expect(testSubscriptionFilters(filters, '{', '').title).toBe('Dados inválidos');
  });

  it('When the subscription has no filters, then Nenhum filtro configurado', () => {
    expect(testSubscriptionFilters([], '{}', '').title).toBe('Nenhum filtro configurado');
  });

  it('When every filter passes (header name in any case), then Filtros aprovados', () => {
    const outcome = testSubscriptionFilters(filters, '{"order": {"total": 100}}', '{"X-Tenant": "acme"}');
    expect(outcome).toMatchObject({ kind: 'match', title: 'Filtros aprovados', failures: [] });
  });

  it('When filters fail, then Assinatura filtrada with the count and each reason', () => {
    const outcome = testSubscriptionFilters(filters, '{"order": {"total": "muito"}}', '');
    expect(outcome.title).toBe('Assinatura filtrada');
    expect(outcome.description).toBe('Evento filtrado: 2 filtro(s) falharam');
    expect(outcome.failures.map((failure) => failure.index)).toEqual([0, 1]);
  });
});
