import { describe, expect, it } from 'vitest';
import { evaluateFilters } from './evaluate-filters';
import type { Filter, FilterInput } from './types';

const input: FilterInput = {
  headers: { 'x-tenant': 'acme', 'content-type': 'application/json' },
  body: { status: 'paid', amount: 150, tags: ['vip'] },
};

const statusPaid: Filter = { origin: 'BODY', field: 'status', operator: '=', value: 'paid' };
const tenantAcme: Filter = { origin: 'HEADER', field: 'X-Tenant', operator: '=', value: 'acme' };
const amountOver200: Filter = { origin: 'BODY', field: 'amount', operator: '>', value: '200' };
const missingField: Filter = { origin: 'BODY', field: 'customer.id', operator: '=', value: '1' };

describe('evaluateFilters', () => {
  it.each([[null], [undefined], [[]]])('When there are no filters (%j), then it matches', (filters) => {
    expect(evaluateFilters(filters, input)).toEqual({
      match: true,
      failures: [],
      reason: null,
      outsiderReason: null,
    });
  });

  it('When every filter passes, then it matches with no failures', () => {
    expect(evaluateFilters([statusPaid, tenantAcme], input)).toEqual({
      match: true,
      failures: [],
      reason: null,
      outsiderReason: null,
    });
  });

  it('When one filter fails, then it does not match and names that filter', () => {
    const result = evaluateFilters([statusPaid, amountOver200, tenantAcme], input);
    expect(result.match).toBe(false);
    expect(result.failures).toHaveLength(1);
    expect(result.failures[0]).toMatchObject({ index: 1, filter: amountOver200, found: true, actual: 150 });
    expect(result.reason).toBe(`1 filtro(s) falharam: ${result.failures[0]?.reason}`);
  });

  it('When several filters fail, then all are reported in order (AND, no short-circuit)', () => {
    const result = evaluateFilters([amountOver200, statusPaid, missingField], input);
    expect(result.failures.map((failure) => failure.index)).toEqual([0, 2]);
    expect(result.reason).toMatch(/^2 filtro\(s\) falharam: .+; Campo "customer\.id" não encontrado/);
  });

  it('When many filters fail, then the summary lists ten reasons and counts the rest', () => {
    const filters = Array.from({ length: 13 }, () => missingField);
    const result = evaluateFilters(filters, input);
    expect(result.failures).toHaveLength(13);
    expect(result.reason).toMatch(/^13 filtro\(s\) falharam: .*; e mais 3$/);
  });

  it('When filters is not an array, then it is treated as no filters', () => {
    expect(evaluateFilters('x' as unknown as Filter[], input).match).toBe(true);
  });

  it('When a filter entry is malformed, then that entry fails and the others still run', () => {
    const result = evaluateFilters([null as unknown as Filter, statusPaid], input);
    expect(result.match).toBe(false);
    expect(result.failures).toHaveLength(1);
    expect(result.failures[0]?.index).toBe(0);
  });
});
