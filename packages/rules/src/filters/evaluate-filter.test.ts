import { describe, expect, it } from 'vitest';
import { evaluateFilter } from './evaluate-filter';
import type { Filter, FilterInput, FilterOperator, FilterOrigin } from './types';

const filter = (origin: FilterOrigin, field: string, operator: FilterOperator, value: string): Filter => ({
  origin,
  field,
  operator,
  value,
});

/** Places `actual` under the field `campo` for the given origin (headers under 'x-campo'). */
function inputWith(origin: FilterOrigin, actual: string): { input: FilterInput; field: string } {
  return origin === 'HEADER'
    ? { input: { headers: { 'x-campo': actual }, body: {} }, field: 'X-Campo' }
    : { input: { headers: {}, body: { campo: actual } }, field: 'campo' };
}

// [operator, actual (as text, valid for headers and bodies), filter value, expected match]
const textCases: Array<[FilterOperator, string, string, boolean]> = [
  ['=', 'paid', 'paid', true],
  ['=', 'paid', 'PAID', false],
  ['=', 'paid', 'pending', false],
  ['=', '', '', true],
  ['=', '10', '10', true],
  ['=', '10', '10.0', true],
  ['=', '10', '1e1', true],
  ['=', ' 10 ', '10', true],
  ['=', '10', '11', false],
  ['=', '0x10', '16', false],
  ['=', 'abc', '10', false],
  ['=', 'true', 'true', true],
  ['!=', 'paid', 'pending', true],
  ['!=', 'paid', 'paid', false],
  ['!=', 'paid', 'PAID', true],
  ['!=', '10', '10.00', false],
  ['!=', '10', '9', true],
  ['>', '10', '9', true],
  ['>', '10', '10', false],
  ['>', '-1.5', '-2', true],
  ['>', '1e3', '999', true],
  ['<', '9', '10', true],
  ['<', '10', '10', false],
  ['<', '.5', '1', true],
  ['>=', '10', '10', true],
  ['>=', '10', '10.0', true],
  ['>=', '9', '10', false],
  ['<=', '10', '10', true],
  ['<=', '11', '10', false],
  ['CONTAINS', 'Pagamento Aprovado', 'aprovado', true],
  ['CONTAINS', 'Pagamento Aprovado', 'APROVADO', true],
  ['CONTAINS', 'Pagamento Aprovado', 'recusado', false],
  ['CONTAINS', 'abc', '', true],
  ['CONTAINS', '12345', '234', true],
  ['NOT_CONTAINS', 'Pagamento Aprovado', 'recusado', true],
  ['NOT_CONTAINS', 'Pagamento Aprovado', 'APROVADO', false],
  ['NOT_CONTAINS', 'abc', '', false],
];

describe('evaluateFilter — operators on present values', () => {
  for (const origin of ['HEADER', 'BODY'] as const) {
    it.each(textCases)(
      `When ${origin} value %j %s %j, then match is %s`,
      (operator, actual, value, expected) => {
        const { input, field } = inputWith(origin, actual);
        const result = evaluateFilter(filter(origin, field, operator, value), input);
        expect(result.match).toBe(expected);
        expect(result.found).toBe(true);
        expect(result.actual).toBe(actual);
        if (expected) expect(result.reason).toBeNull();
        else expect(result.reason).toEqual(expect.stringContaining(field));
      },
    );
  }
});

describe('evaluateFilter — numeric operators need numbers', () => {
  const cases: Array<[FilterOperator, unknown, string]> = [];
  for (const operator of ['>', '<', '>=', '<='] as const) {
    cases.push([operator, 'abc', '10'], [operator, 10, 'abc'], [operator, '10', ''], [operator, true, '1']);
    cases.push(
      [operator, [10], '1'],
      [operator, { n: 10 }, '1'],
      [operator, '0x10', '1'],
      [operator, 'Infinity', '1'],
    );
    cases.push([operator, '10', '1,5'], [operator, '', '1']);
  }
  it.each(cases)(
    'When BODY %s compares %j with %j, then it fails asking for numbers',
    (operator, actual, value) => {
      const result = evaluateFilter(filter('BODY', 'amount', operator, value), {
        headers: {},
        body: { amount: actual },
      });
      expect(result.match).toBe(false);
      expect(result.found).toBe(true);
      expect(result.reason).toMatch(/^Comparação numérica exige números/);
      expect(result.reason).toContain('"amount"');
    },
  );

  for (const origin of ['HEADER', 'BODY'] as const) {
    it(`When a ${origin} value is not numeric, then > fails with the numeric reason`, () => {
      const { input, field } = inputWith(origin, 'muito');
      const result = evaluateFilter(filter(origin, field, '>', '1'), input);
      expect(result.match).toBe(false);
      expect(result.reason).toMatch(/^Comparação numérica exige números/);
    });
  }
});

describe('evaluateFilter — typed body values', () => {
  const cases: Array<[string, unknown, FilterOperator, string, boolean]> = [
    ['a number equals a decimal string', 10, '=', '10.0', true],
    ['a number differs from another', 10, '=', '11', false],
    ['zero equals "0"', 0, '=', '0', true],
    ['a negative number', -3.5, '<', '-3', true],
    ['a number greater than', 100, '>', '99.99', true],
    ['a number less or equal', 5, '<=', '5', true],
    ['a number compared to non-numeric text', 10, '=', 'dez', false],
    ['a number != non-numeric text', 10, '!=', 'dez', true],
    ['true equals "true"', true, '=', 'true', true],
    ['false equals "false"', false, '=', 'false', true],
    ['true is not "false"', true, '=', 'false', false],
    ['true != "false"', true, '!=', 'false', true],
    ['true is not "1"', true, '=', '1', false],
    ['an object equals its JSON', { a: 1 }, '=', '{"a":1}', true],
    ['an array equals its JSON', [1, 'x'], '=', '[1,"x"]', true],
    ['an array CONTAINS an element (case-insensitive)', ['VIP', 'beta'], 'CONTAINS', 'vip', true],
    ['an array CONTAINS part of an element', ['premium-gold'], 'CONTAINS', 'GOLD', true],
    ['an array CONTAINS a number element', [1, 22, 3], 'CONTAINS', '22', true],
    ['an array CONTAINS an object element', [{ sku: 'ABC' }], 'CONTAINS', 'abc', true],
    ['an array without the element', ['vip'], 'CONTAINS', 'gold', false],
    ['an empty array', [], 'CONTAINS', 'x', false],
    ['an array NOT_CONTAINS a missing element', ['vip'], 'NOT_CONTAINS', 'gold', true],
    ['an array NOT_CONTAINS a present element', ['vip'], 'NOT_CONTAINS', 'VIP', false],
    ['an object CONTAINS text of its JSON', { name: 'Ana' }, 'CONTAINS', 'ana', true],
    ['a number CONTAINS a digit', 12345, 'CONTAINS', '34', true],
    ['a boolean CONTAINS "TRU"', true, 'CONTAINS', 'TRU', true],
    ['an empty string equals ""', '', '=', '', true],
    ['an empty string != "x"', '', '!=', 'x', true],
    ['an empty string CONTAINS "x"', '', 'CONTAINS', 'x', false],
    ['an empty string > 0', '', '>', '0', false],
  ];
  it.each(cases)('When %s, then the match is as expected', (_name, actual, operator, value, expected) => {
    const result = evaluateFilter(filter('BODY', 'v', operator, value), { headers: {}, body: { v: actual } });
    expect(result.match).toBe(expected);
    expect(result.actual).toEqual(actual);
  });
});

describe('evaluateFilter — missing values', () => {
  const operators: FilterOperator[] = ['=', '!=', '>', '<', '>=', '<=', 'CONTAINS', 'NOT_CONTAINS'];
  const missing: Array<[string, FilterInput, FilterOrigin]> = [
    ['an absent body field', { headers: {}, body: { other: 1 } }, 'BODY'],
    ['a null body field', { headers: {}, body: { f: null } }, 'BODY'],
    ['an undefined body field', { headers: {}, body: { f: undefined } }, 'BODY'],
    ['a non-object body', { headers: {}, body: 'texto' }, 'BODY'],
    ['a null body', { headers: {}, body: null }, 'BODY'],
    ['an absent header', { headers: { other: 'x' }, body: {} }, 'HEADER'],
    ['an undefined header', { headers: { f: undefined }, body: {} }, 'HEADER'],
  ];
  for (const [name, input, origin] of missing) {
    for (const operator of operators) {
      const passes = operator === '!=';
      it(`When ${name} is filtered with ${operator} "valor", then match is ${passes}`, () => {
        const result = evaluateFilter(filter(origin, 'f', operator, 'valor'), input);
        expect(result.match).toBe(passes);
        if (passes) expect(result.reason).toBeNull();
        else expect(result.reason).toMatch(/^Campo "f" (não encontrado|está nulo|está indefinido)/);
      });
    }
    it(`When ${name} is filtered with != and an empty value, then it fails`, () => {
      expect(evaluateFilter(filter(origin, 'f', '!=', ''), input).match).toBe(false);
      expect(evaluateFilter(filter(origin, 'f', '!=', '   '), input).match).toBe(false);
    });
  }

  it('When a body field is missing, then found is false and the reason names field, operator and value', () => {
    const result = evaluateFilter(filter('BODY', 'order.status', '=', 'paid'), { headers: {}, body: {} });
    expect(result).toEqual({
      match: false,
      found: false,
      actual: null,
      reason: 'Campo "order.status" não encontrado no body (esperado igual a "paid")',
      outsiderReason: 'Campo "order.status" não encontrado no body (esperado igual a "paid")',
    });
  });

  it('When a body field is null, then it is found but treated as missing', () => {
    const result = evaluateFilter(filter('BODY', 'x', 'CONTAINS', 'a'), { headers: {}, body: { x: null } });
    expect(result).toMatchObject({ match: false, found: true, actual: null });
    expect(result.reason).toBe('Campo "x" está nulo no body (esperado contém "a")');
  });

  it('When a header is missing, then the reason says it is missing in the headers', () => {
    const result = evaluateFilter(filter('HEADER', 'X-Tenant', '=', 'acme'), { headers: {}, body: {} });
    expect(result.reason).toBe('Campo "X-Tenant" não encontrado nos headers (esperado igual a "acme")');
  });
});

describe('evaluateFilter — header lookup', () => {
  it.each([
    ['lower-case stored, mixed-case field', { 'x-tenant': 'acme' }, 'X-Tenant', 'acme'],
    ['mixed-case stored, lower-case field', { 'X-Tenant': 'acme' }, 'x-tenant', 'acme'],
    ['mixed-case stored, upper-case field', { 'X-Tenant': 'acme' }, 'X-TENANT', 'acme'],
    ['exact name', { 'X-Tenant': 'acme' }, 'X-Tenant', 'acme'],
    ['array value joined', { accept: ['a', 'b'] }, 'Accept', 'a, b'],
  ])('When %s, then the header is read', (_name, headers, field, expected) => {
    const result = evaluateFilter(filter('HEADER', field, '=', expected), { headers, body: {} });
    expect(result).toMatchObject({ match: true, found: true, actual: expected });
  });

  it('When both lower-case and exact names exist, then the lower-case one wins', () => {
    const headers = { 'x-tenant': 'lower', 'X-Tenant': 'exact' };
    expect(evaluateFilter(filter('HEADER', 'X-Tenant', '=', 'lower'), { headers, body: {} }).match).toBe(
      true,
    );
  });

  it('When the lower-case entry is undefined, then the exact name is used', () => {
    const headers = { 'x-tenant': undefined, 'X-Tenant': 'exact' };
    expect(evaluateFilter(filter('HEADER', 'X-Tenant', '=', 'exact'), { headers, body: {} }).match).toBe(
      true,
    );
  });

  it('When a multi-valued header is filtered with CONTAINS, then any part matches', () => {
    const headers = { 'x-tags': ['Alpha', 'Beta'] };
    expect(evaluateFilter(filter('HEADER', 'x-tags', 'CONTAINS', 'beta'), { headers, body: {} }).match).toBe(
      true,
    );
  });

  it('When a header field looks like a path, then it is read as a name, not a path', () => {
    const headers = { 'a.b': 'v' };
    expect(
      evaluateFilter(filter('HEADER', 'a.b', '=', 'v'), { headers, body: { a: { b: 'x' } } }).match,
    ).toBe(true);
  });

  it('When a header holds a numeric string, then numeric operators work', () => {
    const headers = { 'x-retry': '3' };
    expect(evaluateFilter(filter('HEADER', 'X-Retry', '>=', '3'), { headers, body: {} }).match).toBe(true);
  });

  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])(
    'When the header name %s is not sent, then it is not found',
    (name) => {
      const result = evaluateFilter(filter('HEADER', name, '=', 'x'), { headers: {}, body: {} });
      expect(result.found).toBe(false);
    },
  );
});

describe('evaluateFilter — body paths', () => {
  const body = { order: { items: [{ sku: 'A1', qty: 2 }], total: '150.00' } };
  it.each([
    ['order.items.0.sku', '=', 'A1', true],
    ['order.items[0].sku', '=', 'a1', false],
    ['order.items[0].qty', '>', '1', true],
    ['order.total', '=', '150', true],
    ['order.total', '<', '200', true],
    ['order.items', 'CONTAINS', 'a1', true],
    ['order.items.1.sku', '!=', 'A1', true],
    ['order.items.1.sku', '=', 'A1', false],
    ['order.constructor', '!=', 'x', true],
    ['order.constructor', '=', 'x', false],
  ] as const)('When %s %s %s, then match is %s', (field, operator, value, expected) => {
    expect(evaluateFilter(filter('BODY', field, operator, value), { headers: {}, body }).match).toBe(
      expected,
    );
  });
});

describe('evaluateFilter — reasons', () => {
  it('When values differ, then the reason names field, operator, expected and actual', () => {
    const result = evaluateFilter(filter('BODY', 'status', '=', 'paid'), {
      headers: {},
      body: { status: 'pending' },
    });
    expect(result.reason).toBe('Campo "status" (body): esperado igual a "paid", recebido "pending"');
  });

  it('When a number fails a comparison, then the reason shows it unquoted', () => {
    const result = evaluateFilter(filter('BODY', 'n', '>', '10'), { headers: {}, body: { n: 5 } });
    expect(result.reason).toBe('Campo "n" (body): esperado maior que "10", recebido 5');
  });

  it('When a numeric comparison gets text, then the reason explains it', () => {
    const result = evaluateFilter(filter('HEADER', 'x-n', '<=', '10'), {
      headers: { 'x-n': 'dez' },
      body: {},
    });
    expect(result.reason).toBe(
      'Comparação numérica exige números: campo "x-n" (header) esperado menor ou igual a "10", recebido "dez"',
    );
  });

  it('When a header filter fails, then the outsider reason says it differed without quoting the header', () => {
    const input = { headers: { 'x-tenant': 'segredo', 'x-n': 'dez' }, body: { status: 'aberto' } };
    const cases: Array<[ReturnType<typeof filter>, string]> = [
      [
        filter('HEADER', 'x-tenant', '=', 'acme'),
        'Campo "x-tenant" (header): esperado igual a "acme", recebido outro valor',
      ],
      [
        filter('HEADER', 'x-tenant', 'CONTAINS', 'ac'),
        'Campo "x-tenant" (header): esperado contém "ac", recebido outro valor',
      ],
      [
        filter('HEADER', 'x-tenant', '!=', 'segredo'),
        'Campo "x-tenant" (header): esperado diferente de "segredo", recebido esse mesmo valor',
      ],
      [
        filter('HEADER', 'x-n', '<=', '10'),
        'Comparação numérica exige números: campo "x-n" (header) esperado menor ou igual a "10", recebido outro valor',
      ],
      [
        filter('BODY', 'status', '=', 'pago'),
        'Campo "status" (body): esperado igual a "pago", recebido "aberto"',
      ],
    ];
    for (const [rule, outsiderReason] of cases) {
      const result = evaluateFilter(rule, input);
      expect(result.match).toBe(false);
      expect(result.outsiderReason).toBe(outsiderReason);
    }
    expect(evaluateFilter(filter('HEADER', 'x-tenant', '=', 'acme'), input).reason).toContain('"segredo"');
  });

  it('When the actual value is huge, then the reason is truncated', () => {
    const huge = 'x'.repeat(100_000);
    const result = evaluateFilter(filter('BODY', 'v', '=', 'y'), { headers: {}, body: { v: huge } });
    expect(result.match).toBe(false);
    expect(result.reason!.length).toBeLessThan(400);
    expect(result.actual).toBe(huge);
  });

  it.each([
    [{ origin: 'QUERY', field: 'a', operator: '=', value: 'x' }, /^Filtro inválido: origem "QUERY"/],
    [{ origin: 'BODY', field: 'a', operator: 'LIKE', value: 'x' }, /^Filtro inválido: operador "LIKE"/],
    [{ origin: 'BODY', field: '', operator: '=', value: 'x' }, /^Filtro inválido: campo não informado/],
    [{ origin: 'BODY', field: '  ', operator: '!=', value: 'x' }, /^Filtro inválido: campo não informado/],
    [null, /^Filtro inválido/],
    ['texto', /^Filtro inválido/],
  ])('When the filter is malformed (%j), then it fails with a reason', (bad, reason) => {
    const result = evaluateFilter(bad as unknown as Filter, { headers: {}, body: { a: 'x' } });
    expect(result.match).toBe(false);
    expect(result.reason).toMatch(reason);
  });

  it('When the field name is huge, then the reason is truncated', () => {
    const field = 'f'.repeat(50_000);
    const missing = evaluateFilter(filter('BODY', field, '=', 'y'), { headers: {}, body: {} });
    const differs = evaluateFilter(filter('HEADER', field, '=', 'y'), {
      headers: { [field]: 'x' },
      body: {},
    });
    expect(missing.reason!.length).toBeLessThan(400);
    expect(differs.reason!.length).toBeLessThan(400);
    expect(differs.found).toBe(true);
  });

  it('When the filter value is not a string, then its string form is used', () => {
    const odd = { origin: 'BODY', field: 'n', operator: '=', value: 10 } as unknown as Filter;
    expect(evaluateFilter(odd, { headers: {}, body: { n: '10' } }).match).toBe(true);
  });

  it('When the input is malformed, then the field is reported missing', () => {
    const result = evaluateFilter(filter('HEADER', 'a', '=', 'x'), null as unknown as FilterInput);
    expect(result).toMatchObject({ match: false, found: false });
  });
});
