import { describe, expect, it } from 'vitest';
import { compileRule } from './compile-rule';
import { evaluateCompiledRule, evaluateRule, matchCompiledRule } from './evaluate-rule';
import type { RuleCondition, RuleEnvelope, RuleOperator } from './types';

const envelope = (data: unknown, extra: Partial<RuleEnvelope> = {}): RuleEnvelope => ({
  eventType: 'message.text.received',
  applicationId: 'app-1',
  organizationId: 'org-1',
  externalEventId: null,
  data,
  ...extra,
});

const condition = (
  field: string,
  operator: RuleOperator,
  values: string[],
  caseSensitive = false,
): RuleCondition => ({ field, operator, values, caseSensitive });

const rule = (conditions: RuleCondition[], logic: 'AND' | 'OR' = 'AND') => ({
  conditions: { type: 'message.text.received', logic, rules: conditions },
});

/** Evaluates one condition, checking the fast boolean path agrees with the explained one. */
function check(cond: RuleCondition, data: unknown, extra: Partial<RuleEnvelope> = {}) {
  const input = envelope(data, extra);
  const result = evaluateRule(rule([cond]), input);
  expect(matchCompiledRule(compileRule(rule([cond])), input)).toBe(result.match);
  expect(result.conditions).toHaveLength(1);
  const [only] = result.conditions;
  if (!only) throw new Error('no condition result');
  return only;
}

describe('EQUALS', () => {
  it('When the text equals one of the values ignoring case, then it matches', () => {
    expect(check(condition('data.status', 'EQUALS', ['paid', 'done']), { status: 'DONE' })).toEqual({
      match: true,
      reason: 'data.status (texto, 4 caracteres) é igual a "paid" ou "done"',
    });
  });

  it('When case-sensitive and only the case differs, then it does not match', () => {
    const result = check(condition('data.status', 'EQUALS', ['paid'], true), { status: 'Paid' });
    expect(result.match).toBe(false);
    expect(result.reason).toBe(
      'data.status (texto, 4 caracteres) não é igual a "paid" (diferenciando maiúsculas e minúsculas)',
    );
  });

  it('When the text only contains the value, then it does not match', () => {
    expect(check(condition('data.status', 'EQUALS', ['paid']), { status: 'unpaid' }).match).toBe(false);
  });

  it('When the field is a number, then any spelling of it matches and booleans compare as text', () => {
    expect(check(condition('data.n', 'EQUALS', ['10.0']), { n: 10 }).match).toBe(true);
    expect(check(condition('data.n', 'EQUALS', ['10']), { n: 10 }).match).toBe(true);
    expect(check(condition('data.n', 'EQUALS', ['11']), { n: 10 }).match).toBe(false);
    expect(check(condition('data.ok', 'EQUALS', ['TRUE']), { ok: true }).match).toBe(true);
    expect(check(condition('data.ok', 'EQUALS', ['true'], true), { ok: false }).match).toBe(false);
  });

  it('When the field is an array, then one equal element is enough', () => {
    expect(check(condition('data.tags', 'EQUALS', ['beta']), { tags: ['vip', 'Beta'] })).toEqual({
      match: true,
      reason: 'data.tags[1] (texto, 4 caracteres) é igual a "beta"',
    });
    expect(check(condition('data.tags', 'EQUALS', ['gold']), { tags: ['vip', 'beta'] })).toEqual({
      match: false,
      reason: 'nenhum item de data.tags é igual a "gold"',
    });
  });

  it('When the path reads an envelope key, then it compares it', () => {
    expect(check(condition('eventType', 'EQUALS', ['message.text.received']), {}).match).toBe(true);
    expect(check(condition('organizationId', 'EQUALS', ['org-2']), {}).match).toBe(false);
  });
});

describe('CONTAINS_ANY and CONTAINS_ALL', () => {
  it('When the text contains one of the values, then CONTAINS_ANY matches', () => {
    const cond = condition('data.message.text', 'CONTAINS_ANY', ['pedido', 'compra']);
    expect(check(cond, { message: { text: 'Quero fazer uma COMPRA' } })).toEqual({
      match: true,
      reason: 'data.message.text (texto, 22 caracteres) contém "pedido" ou "compra"',
    });
    expect(check(cond, { message: { text: 'Olá' } })).toEqual({
      match: false,
      reason: 'data.message.text (texto, 3 caracteres) não contém "pedido" ou "compra"',
    });
  });

  it('When case-sensitive, then CONTAINS_ANY compares case', () => {
    const cond = condition('data.text', 'CONTAINS_ANY', ['Compra'], true);
    expect(check(cond, { text: 'uma compra' }).match).toBe(false);
    expect(check(cond, { text: 'uma Compra' }).match).toBe(true);
  });

  it('When the text contains every value, then CONTAINS_ALL matches; one missing, it does not', () => {
    const cond = condition('data.text', 'CONTAINS_ALL', ['pedido', 'urgente']);
    expect(check(cond, { text: 'PEDIDO urgente' }).match).toBe(true);
    expect(check(cond, { text: 'pedido normal' })).toEqual({
      match: false,
      reason: 'data.text (texto, 13 caracteres) não contém "pedido" e "urgente"',
    });
  });

  it('When the field is an array, then one element must contain every value for CONTAINS_ALL', () => {
    const all = condition('data.tags', 'CONTAINS_ALL', ['vip', 'beta']);
    expect(check(all, { tags: ['vip', 'beta'] }).match).toBe(false);
    expect(check(all, { tags: ['x', 'vip-beta'] }).match).toBe(true);
    const any = condition('data.tags', 'CONTAINS_ANY', ['bet']);
    expect(check(any, { tags: ['vip', 'beta'] }).match).toBe(true);
  });

  it('When the field is a number or an object, then its text form is searched', () => {
    expect(check(condition('data.code', 'CONTAINS_ANY', ['23']), { code: 1234 }).match).toBe(true);
    expect(
      check(condition('data.user', 'CONTAINS_ANY', ['"name":"ana"']), { user: { name: 'Ana' } }).match,
    ).toBe(true);
  });

  it('When there are more than five values, then the reason lists five and counts the rest', () => {
    const values = ['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7'];
    expect(check(condition('data.t', 'CONTAINS_ANY', values), { t: 'zzz' }).reason).toBe(
      'data.t (texto, 3 caracteres) não contém "a1" ou "a2" ou "a3" ou "a4" ou "a5" e mais 2',
    );
  });
});

describe('REGEX', () => {
  it('When the pattern finds the text anywhere, then it matches', () => {
    const cond = condition('data.order', 'REGEX', ['^PED-\\d{4}$']);
    expect(check(cond, { order: 'ped-1234' })).toEqual({
      match: true,
      reason: 'data.order (texto, 8 caracteres) corresponde a /^PED-\\d{4}$/',
    });
    expect(check(cond, { order: 'PED-12345' }).match).toBe(false);
    expect(check(condition('data.order', 'REGEX', ['\\d+']), { order: 'abc 42 def' }).match).toBe(true);
  });

  it('When case-sensitive, then the pattern compares case', () => {
    expect(check(condition('data.s', 'REGEX', ['^abc$'], true), { s: 'ABC' }).match).toBe(false);
    expect(check(condition('data.s', 'REGEX', ['^abc$'], false), { s: 'ABC' }).match).toBe(true);
  });

  it('When one of several patterns matches, then the condition matches', () => {
    expect(check(condition('data.s', 'REGEX', ['^x', 'y$']), { s: 'aay' }).match).toBe(true);
  });

  it('When the field is an array or a number, then elements and text forms are tested', () => {
    expect(check(condition('data.l', 'REGEX', ['^b']), { l: ['abc', 'bcd'] }).reason).toBe(
      'data.l[1] (texto, 3 caracteres) corresponde a /^b/',
    );
    expect(check(condition('data.n', 'REGEX', ['^4\\d$']), { n: 42 }).match).toBe(true);
  });

  it('When the pattern is invalid or uses backtracking-only syntax, then it never matches and says why', () => {
    const result = check(condition('data.s', 'REGEX', ['(a']), { s: '(a' });
    expect(result.match).toBe(false);
    expect(result.reason).toMatch(/^Expressão regular inválida: falta fechar um parêntese/);
    expect(check(condition('data.s', 'REGEX', ['(?=a)a']), { s: 'a' }).match).toBe(false);
    expect(check(condition('data.s', 'REGEX', ['a'.repeat(1001)]), { s: 'a'.repeat(1001) }).reason).toBe(
      'A expressão regular deve ter no máximo 1000 caracteres.',
    );
  });

  it('When a catastrophic-backtracking pattern meets a long input, then it answers in linear time', () => {
    const compiled = compileRule(rule([condition('data.s', 'REGEX', ['(a+)+$'])]));
    const input = envelope({ s: `${'a'.repeat(100_000)}!` });
    evaluateCompiledRule(compiled, envelope({ s: 'warm-up' }));
    // CPU time, best of three: the machine running the tests may be busy; a backtracking engine
    // would explore exponentially many splits of the a's and never finish.
    let best = Number.POSITIVE_INFINITY;
    for (let run = 0; run < 3; run++) {
      const started = process.cpuUsage();
      expect(evaluateCompiledRule(compiled, input).match).toBe(false);
      const used = process.cpuUsage(started);
      best = Math.min(best, (used.user + used.system) / 1000);
    }
    expect(best).toBeLessThan(50);
  });
});

describe('GREATER_THAN and LESS_THAN', () => {
  it('When the number is above the threshold, then GREATER_THAN matches', () => {
    expect(check(condition('data.total', 'GREATER_THAN', ['100']), { total: 150 })).toEqual({
      match: true,
      reason: 'data.total (número) é maior que 100',
    });
    expect(check(condition('data.total', 'GREATER_THAN', ['100']), { total: 100 })).toEqual({
      match: false,
      reason: 'data.total (número) não é maior que 100',
    });
  });

  it('When the number is below the threshold, then LESS_THAN matches', () => {
    expect(check(condition('data.total', 'LESS_THAN', ['-1.5']), { total: -2 }).match).toBe(true);
    expect(check(condition('data.total', 'LESS_THAN', ['-1.5']), { total: -1.5 }).match).toBe(false);
  });

  it('When the number is written in a string, then it is compared as a number', () => {
    expect(check(condition('data.total', 'GREATER_THAN', ['9']), { total: ' 10.5 ' }).match).toBe(true);
    expect(check(condition('data.total', 'GREATER_THAN', ['1e2']), { total: '1e3' }).match).toBe(true);
  });

  it('When the field is not a number, then it does not match and says so', () => {
    for (const total of ['abc', '', '0x10', 'Infinity', true, {}, '1,5']) {
      const result = check(condition('data.total', 'GREATER_THAN', ['0']), { total });
      expect(result.match).toBe(false);
      expect(result.reason).toMatch(/não é um número$/);
    }
  });

  it('When the threshold is not a number, then the condition never matches', () => {
    expect(check(condition('data.total', 'GREATER_THAN', ['cem']), { total: 1000 })).toEqual({
      match: false,
      reason: 'limite "cem" não é um número',
    });
  });

  it('When the field is an array, then one element beyond the threshold is enough', () => {
    expect(check(condition('data.l', 'GREATER_THAN', ['100']), { l: [1, 'x', '200'] }).reason).toBe(
      'data.l[2] (texto, 3 caracteres) é maior que 100',
    );
    expect(check(condition('data.l', 'LESS_THAN', ['0']), { l: [1, 2] }).reason).toBe(
      'nenhum item de data.l é menor que 0',
    );
  });

  it('When only the first value is the threshold, then later values are ignored', () => {
    expect(check(condition('data.n', 'GREATER_THAN', ['10', '1000']), { n: 20 }).match).toBe(true);
  });
});

describe('DATE_AFTER and DATE_BEFORE', () => {
  it('When an ISO date is later than an ISO reference, then DATE_AFTER matches', () => {
    expect(check(condition('data.at', 'DATE_AFTER', ['2024-01-01']), { at: '2024-01-01T00:00:01Z' })).toEqual(
      {
        match: true,
        reason: 'data.at (texto, 20 caracteres) é posterior a 2024-01-01T00:00:00.000Z',
      },
    );
    expect(check(condition('data.at', 'DATE_AFTER', ['2024-01-01']), { at: '2024-01-01' }).match).toBe(false);
  });

  it('When dates carry offsets, then the instants are compared', () => {
    // 10:00-03:00 is 13:00Z.
    const cond = condition('data.at', 'DATE_BEFORE', ['2024-06-01T12:30:00Z']);
    expect(check(cond, { at: '2024-06-01T10:00:00-03:00' }).match).toBe(false);
    expect(check(cond, { at: '2024-06-01T09:00:00-03:00' }).match).toBe(true);
  });

  it('When either side is epoch milliseconds, then it is compared with ISO dates', () => {
    const reference = Date.UTC(2024, 0, 1);
    expect(check(condition('data.at', 'DATE_AFTER', [String(reference)]), { at: '2024-01-02' }).match).toBe(
      true,
    );
    expect(check(condition('data.at', 'DATE_BEFORE', ['2024-01-01']), { at: reference - 1 }).match).toBe(
      true,
    );
    expect(check(condition('data.at', 'DATE_BEFORE', ['2024-01-01']), { at: String(reference) }).match).toBe(
      false,
    );
  });

  it('When the field is not a date, then it does not match and says so', () => {
    for (const at of ['ontem', '2024-02-30', '2024-13-01', '01/02/2024', true, '2024-01-01T25:00Z']) {
      const result = check(condition('data.at', 'DATE_AFTER', ['2000-01-01']), { at });
      expect(result.match).toBe(false);
      expect(result.reason).toMatch(/não é uma data \(ISO 8601 ou epoch em milissegundos\)$/);
    }
  });

  it('When the reference is not a date, then the condition never matches', () => {
    expect(check(condition('data.at', 'DATE_AFTER', ['amanhã']), { at: '2024-01-01' }).reason).toBe(
      'data de referência "amanhã" inválida (use ISO 8601 ou epoch em milissegundos)',
    );
  });

  it('When the field is an array, then one element in range is enough', () => {
    const cond = condition('data.dates', 'DATE_BEFORE', ['2020-01-01']);
    expect(check(cond, { dates: ['2021-01-01', '2019-12-31'] }).match).toBe(true);
    expect(check(cond, { dates: ['2021-01-01'] }).match).toBe(false);
  });
});

describe('missing fields and prototype paths', () => {
  it('When the field is missing, null, undefined or an empty list, then no operator matches', () => {
    const operators: Array<[RuleOperator, string]> = [
      ['EQUALS', 'null'],
      ['CONTAINS_ANY', 'u'],
      ['CONTAINS_ALL', 'n'],
      ['REGEX', '.*'],
      ['GREATER_THAN', '-1'],
      ['LESS_THAN', '1'],
      ['DATE_AFTER', '1970-01-01'],
      ['DATE_BEFORE', '2999-01-01'],
    ];
    for (const [operator, value] of operators) {
      expect(check(condition('data.x', operator, [value]), {})).toEqual({
        match: false,
        reason: 'campo data.x ausente',
      });
      expect(check(condition('data.x', operator, [value]), { x: null })).toEqual({
        match: false,
        reason: 'campo data.x é nulo',
      });
      expect(check(condition('data.x', operator, [value]), { x: [] }).reason).toBe(
        'campo data.x é uma lista vazia',
      );
      expect(check(condition('data.x.y', operator, [value]), { x: 'text' }).match).toBe(false);
      expect(check(condition('data.x', operator, [value]), 'not an object').match).toBe(false);
    }
  });

  it('When the path uses array indexes, then both styles read the element', () => {
    const data = { items: [{ sku: 'A-1' }, { sku: 'B-2' }] };
    expect(check(condition('data.items[1].sku', 'EQUALS', ['b-2']), data).match).toBe(true);
    expect(check(condition('data.items.0.sku', 'EQUALS', ['a-1']), data).match).toBe(true);
    expect(check(condition('$.data.items.0.sku', 'EQUALS', ['a-1']), data).match).toBe(true);
    expect(check(condition('data.items[2].sku', 'EQUALS', ['a-1']), data).reason).toBe(
      'campo data.items[2].sku ausente',
    );
  });

  it.each([
    'data.__proto__.x',
    '__proto__.x',
    'constructor',
    'data.constructor',
    'data.constructor.name',
    'data.x.prototype',
    'data.toString',
    'data.items.length',
  ])('When the path is %s, then nothing from the prototype is read', (field) => {
    const data = JSON.parse('{"__proto__": {"x": "polluted"}, "x": {"prototype": "p"}, "items": [1]}');
    for (const operator of ['CONTAINS_ANY', 'REGEX', 'EQUALS'] as const) {
      expect(check(condition(field, operator, ['.']), data).match).toBe(false);
    }
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('When the path does not start at an envelope key, then the condition says so', () => {
    expect(check(condition('message.text', 'EQUALS', ['a']), { message: { text: 'a' } }).reason).toBe(
      'campo "message.text" deve começar por data, eventType, applicationId, organizationId ou externalEventId',
    );
    expect(check(condition('data..x', 'EQUALS', ['a']), {}).reason).toBe('campo "data..x" inválido');
    expect(check(condition('', 'EQUALS', ['a']), {}).reason).toBe('campo não informado');
  });

  it('When a value is a getter, then it is never invoked', () => {
    let calls = 0;
    const data = {
      get secret() {
        calls++;
        return 'x';
      },
    };
    expect(check(condition('data.secret', 'EQUALS', ['x']), data).match).toBe(false);
    expect(calls).toBe(0);
  });
});

describe('logic', () => {
  const paid = condition('data.status', 'EQUALS', ['paid']);
  const big = condition('data.total', 'GREATER_THAN', ['100']);

  it('When every condition holds, then AND matches; one failing, it does not', () => {
    expect(evaluateRule(rule([paid, big]), envelope({ status: 'paid', total: 150 }))).toEqual({
      match: true,
      reason: '2 de 2 condições atendidas (AND: todas são exigidas)',
      conditions: [
        { match: true, reason: 'data.status (texto, 4 caracteres) é igual a "paid"' },
        { match: true, reason: 'data.total (número) é maior que 100' },
      ],
    });
    expect(evaluateRule(rule([paid, big]), envelope({ status: 'paid', total: 50 })).match).toBe(false);
  });

  it('When any condition holds, then OR matches, and every condition is still explained', () => {
    const result = evaluateRule(rule([paid, big], 'OR'), envelope({ status: 'open', total: 150 }));
    expect(result.match).toBe(true);
    expect(result.conditions.map((c) => c.match)).toEqual([false, true]);
    expect(evaluateRule(rule([paid, big], 'OR'), envelope({ status: 'open', total: 1 })).match).toBe(false);
  });

  it('When there are no conditions, then the rule does not match, with either logic', () => {
    for (const logic of ['AND', 'OR'] as const) {
      expect(evaluateRule(rule([], logic), envelope({}))).toEqual({
        match: false,
        reason: 'regra sem condições',
        conditions: [],
      });
    }
  });

  it('When the logic is missing, then it is AND; when unknown, the rule never matches', () => {
    const noLogic = { conditions: { type: 't', rules: [paid] } } as never;
    expect(evaluateRule(noLogic, envelope({ status: 'paid' })).match).toBe(true);
    const xor = { conditions: { type: 't', logic: 'XOR', rules: [paid] } } as never;
    expect(evaluateRule(xor, envelope({ status: 'paid' }))).toMatchObject({
      match: false,
      reason: 'lógica "XOR" inválida (use AND ou OR)',
    });
  });

  it('When a condition is malformed, then it alone fails and says why', () => {
    const result = evaluateRule(
      rule([paid, { field: 'data.x', operator: 'LIKE', values: ['a'], caseSensitive: false } as never], 'OR'),
      envelope({ status: 'paid' }),
    );
    expect(result.match).toBe(true);
    expect(result.conditions[1]).toEqual({ match: false, reason: 'operador "LIKE" não suportado' });
    expect(
      evaluateRule(rule([condition('data.x', 'CONTAINS_ANY', ['', '  '])]), envelope({ x: 'a' }))
        .conditions[0],
    ).toEqual({ match: false, reason: 'condição em data.x sem valores' });
  });

  it('When the rule or envelope is garbage, then it does not match and nothing throws', () => {
    for (const garbage of [
      null,
      undefined,
      42,
      'x',
      [],
      { conditions: null },
      { conditions: { rules: 'x' } },
    ]) {
      expect(evaluateRule(garbage as never, envelope({})).match).toBe(false);
      expect(matchCompiledRule(compileRule(garbage), envelope({}))).toBe(false);
    }
    for (const garbage of [null, undefined, 42, 'x', []]) {
      expect(evaluateRule(rule([paid]), garbage as never).match).toBe(false);
    }
    const hostile = new Proxy(
      {},
      {
        get: () => {
          throw new Error('boom');
        },
      },
    );
    expect(evaluateRule(hostile as never, envelope({})).match).toBe(false);
    expect(evaluateRule({ conditions: hostile } as never, envelope({})).match).toBe(false);
    expect(evaluateCompiledRule(hostile as never, envelope({})).match).toBe(false);
    expect(matchCompiledRule(hostile as never, envelope({}))).toBe(false);
  });
});
