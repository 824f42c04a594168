/**
 * Rule matcher throughput on one core: 100 active rules on one alias (every operator, AND and OR,
 * 1–3 conditions each) against seeded random emit envelopes, compiled once as the server caches
 * them. The reference is json-rules-engine running the same rules on the same inputs in the same
 * run, with custom operators implementing the same semantics; both engines must agree on every
 * (rule, input) pair or the benchmark fails. Ours is matchRuleSet: the alias's rules compiled
 * together, each distinct field path read once per input (what the consumer runs per event).
 *
 *   node --import tsx bench/rules-matcher.ts [--rules 100] [--inputs 1000] [--seconds 1.5] [--seed 42]
 *
 * One evaluation = one rule against one input; inputs/s = inputs checked against all the rules.
 * Our figures are measured before and after the reference (a shared machine's speed drifts) and
 * averaged. CPU time per evaluation comes from process.cpuUsage (user + system).
 * BENCH_PROFILE=1 runs only our matcher, for `node --cpu-prof`.
 */
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { Engine } from 'json-rules-engine';
import {
  type CompiledRule,
  compileRule,
  compileRuleSet,
  evaluateCompiledRule,
  matchCompiledRule,
  matchRuleSet,
  RULE_OPERATORS,
  type RuleCondition,
  type RuleConditions,
  type RuleEnvelope,
  type RuleOperator,
} from '../packages/rules/src/index';
import { fmt } from './support';

const { values: args } = parseArgs({
  options: {
    rules: { type: 'string', default: '100' },
    inputs: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '1.5' },
    seed: { type: 'string', default: '42' },
  },
});
const RULES = Number(args.rules);
const INPUTS = Number(args.inputs);
const SECONDS = Number(args.seconds);
const ALIAS = 'order.created';

/** mulberry32: a small seeded generator, so every run sees the same rules and inputs. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => {
    const item = list[int(0, list.length - 1)];
    if (item === undefined) throw new Error('cannot pick from an empty list');
    return item;
  };
  const some = <T>(list: readonly T[], count: number): T[] => {
    const pool = [...list];
    const chosen: T[] = [];
    while (chosen.length < count && pool.length > 0) chosen.push(...pool.splice(int(0, pool.length - 1), 1));
    return chosen;
  };
  return { next, int, pick, some };
}

const random = seededRandom(Number(args.seed));
const STATUSES = ['paid', 'pending', 'cancelled', 'refunded', 'PAID', 'Pending'];
const TAGS = ['vip', 'beta', 'novo', 'atacado', 'VIP', 'recorrente'];
const WORDS = [
  'quero',
  'cancelar',
  'pedido',
  'urgente',
  'entrega',
  'hoje',
  'amanhã',
  'frete',
  'troca',
  'Obrigado',
];
const NAMES = ['ana', 'bruno', 'carla', 'diego', 'elisa'];
const DOMAINS = ['exemplo.com', 'empresa.com.br', 'EXEMPLO.com'];
const PATTERNS: Array<{ field: string; pattern: string }> = [
  { field: 'data.orderId', pattern: '^PED-1\\d{3}$' },
  { field: 'data.orderId', pattern: '^PED-[0-4]' },
  { field: 'data.message.text', pattern: 'urgente|cancelar' },
  { field: 'data.message.text', pattern: '(entrega|frete).*(hoje|amanhã)' },
  { field: 'data.customer.email', pattern: '^[a-z]+@exemplo\\.com$' },
  { field: 'data.customer.tags', pattern: '^v' },
];
const DAY = 86_400_000;
const BASE_TIME = Date.UTC(2024, 0, 1);

function buildCondition(operator: RuleOperator): RuleCondition {
  const caseSensitive = random.next() < 0.3;
  switch (operator) {
    case 'EQUALS':
      return random.next() < 0.5
        ? { field: 'data.status', operator, values: random.some(STATUSES, random.int(1, 2)), caseSensitive }
        : {
            field: 'data.customer.tags',
            operator,
            values: random.some(TAGS, random.int(1, 2)),
            caseSensitive,
          };
    case 'CONTAINS_ANY':
      return random.next() < 0.7
        ? {
            field: 'data.message.text',
            operator,
            values: random.some(WORDS, random.int(1, 3)),
            caseSensitive,
          }
        : { field: 'data.customer.email', operator, values: random.some(DOMAINS, 1), caseSensitive };
    case 'CONTAINS_ALL':
      return { field: 'data.message.text', operator, values: random.some(WORDS, 2), caseSensitive };
    case 'REGEX': {
      const { field, pattern } = random.pick(PATTERNS);
      return { field, operator, values: [pattern], caseSensitive };
    }
    case 'GREATER_THAN':
    case 'LESS_THAN':
      return random.next() < 0.6
        ? { field: 'data.total', operator, values: [String(random.int(0, 1000))], caseSensitive }
        : { field: 'data.items[0].qty', operator, values: [String(random.int(1, 9))], caseSensitive };
    case 'DATE_AFTER':
    case 'DATE_BEFORE': {
      const reference = BASE_TIME + random.int(0, 365) * DAY;
      const text = random.next() < 0.5 ? new Date(reference).toISOString() : String(reference);
      return { field: 'data.createdAt', operator, values: [text], caseSensitive };
    }
  }
}

function buildRules(): Array<{ id: string; conditions: RuleConditions }> {
  return Array.from({ length: RULES }, (_, index) => {
    const count = random.int(1, 3);
    // Round-robin on the first condition so every operator is present in equal measure.
    const first = RULE_OPERATORS[index % RULE_OPERATORS.length];
    if (first === undefined) throw new Error('no rule operators');
    const operators = [first];
    while (operators.length < count) operators.push(random.pick(RULE_OPERATORS));
    return {
      id: `rule-${index}`,
      conditions: {
        type: ALIAS,
        logic: random.next() < 0.6 ? 'AND' : 'OR',
        rules: operators.map(buildCondition),
      },
    };
  });
}

function buildInput(): RuleEnvelope {
  const words = Array.from({ length: random.int(3, 12) }, () => random.pick(WORDS));
  const total = random.int(0, 100_000) / 100;
  const createdAt = BASE_TIME + random.int(-30, 400) * DAY + random.int(0, DAY);
  const data: Record<string, unknown> = {
    orderId: `PED-${random.int(1000, 4999)}`,
    status: random.pick(STATUSES),
    total: random.next() < 0.8 ? total : String(total),
    createdAt: random.next() < 0.5 ? new Date(createdAt).toISOString() : createdAt,
    customer: {
      name: random.pick(NAMES),
      email: `${random.pick(NAMES)}@${random.pick(DOMAINS)}`,
      tags: random.some(TAGS, random.int(0, 3)),
    },
    message: { text: words.join(' ') },
    items: Array.from({ length: random.int(1, 3) }, () => ({
      sku: `SKU-${random.int(1, 50)}`,
      qty: random.int(1, 9),
    })),
  };
  // Some inputs lack fields, as real payloads do.
  if (random.next() < 0.1) delete data.customer;
  if (random.next() < 0.1) data.total = null;
  return { eventType: ALIAS, applicationId: 'app-bench', organizationId: null, externalEventId: null, data };
}

// json-rules-engine: the same semantics as custom operators, written the plain way.
type OperatorValue = { values: string[]; caseSensitive: boolean };

function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
const DECIMAL = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;
function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && DECIMAL.test(value)) return Number(value);
  return null;
}
function timeOf(value: unknown): number | null {
  const number = numberOf(value);
  if (number !== null) return number;
  if (typeof value !== 'string') return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : time;
}
const regexCache = new Map<string, RegExp>();
function regexOf(pattern: string, caseSensitive: boolean): RegExp {
  const key = `${caseSensitive ? 's' : 'i'}${pattern}`;
  let regex = regexCache.get(key);
  if (!regex) {
    regex = new RegExp(pattern, caseSensitive ? 'u' : 'iu');
    regexCache.set(key, regex);
  }
  return regex;
}

function anyElement(test: (value: unknown, expected: OperatorValue) => boolean) {
  return (factValue: unknown, expected: OperatorValue) => {
    if (factValue === null || factValue === undefined) return false;
    if (Array.isArray(factValue)) return factValue.some((element) => test(element, expected));
    return test(factValue, expected);
  };
}
const fold = (text: string, { caseSensitive }: OperatorValue) => (caseSensitive ? text : text.toLowerCase());
const REFERENCE_OPERATORS: Record<RuleOperator, (value: unknown, expected: OperatorValue) => boolean> = {
  EQUALS: (value, expected) =>
    (typeof value === 'number' && expected.values.some((v) => numberOf(v) === value)) ||
    expected.values.some((v) => fold(v, expected) === fold(textOf(value), expected)),
  CONTAINS_ANY: (value, expected) =>
    expected.values.some((v) => fold(textOf(value), expected).includes(fold(v, expected))),
  CONTAINS_ALL: (value, expected) =>
    expected.values.every((v) => fold(textOf(value), expected).includes(fold(v, expected))),
  REGEX: (value, expected) =>
    expected.values.some((v) => regexOf(v, expected.caseSensitive).test(textOf(value))),
  GREATER_THAN: (value, expected) => {
    const number = numberOf(value);
    return number !== null && number > Number(expected.values[0]);
  },
  LESS_THAN: (value, expected) => {
    const number = numberOf(value);
    return number !== null && number < Number(expected.values[0]);
  },
  DATE_AFTER: (value, expected) => {
    const time = timeOf(value);
    return time !== null && time > (timeOf(expected.values[0]) as number);
  },
  DATE_BEFORE: (value, expected) => {
    const time = timeOf(value);
    return time !== null && time < (timeOf(expected.values[0]) as number);
  },
};

function buildReferenceEngine(rules: Array<{ id: string; conditions: RuleConditions }>): Engine {
  const engine = new Engine([], { allowUndefinedFacts: true });
  for (const [name, test] of Object.entries(REFERENCE_OPERATORS)) engine.addOperator(name, anyElement(test));
  for (const rule of rules) {
    const conditions = rule.conditions.rules.map((condition) => ({
      fact: 'data',
      path: `$${condition.field.slice('data'.length)}`,
      operator: condition.operator,
      value: { values: condition.values, caseSensitive: condition.caseSensitive },
    }));
    engine.addRule({
      name: rule.id,
      conditions: rule.conditions.logic === 'AND' ? { all: conditions } : { any: conditions },
      event: { type: rule.id },
    });
  }
  return engine;
}

type Measure = { evaluations: number; inputs: number; seconds: number; cpuUs: number };

/** The inputs are cycled through; there is always at least one. */
function inputAt(inputs: readonly RuleEnvelope[], count: number): RuleEnvelope {
  const input = inputs[count % inputs.length];
  if (input === undefined) throw new Error('no inputs to measure');
  return input;
}

function measureSync(run: (input: RuleEnvelope) => void, inputs: RuleEnvelope[]): Measure {
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  let done = 0;
  while (performance.now() < deadline) {
    for (let i = 0; i < 100; i++) run(inputAt(inputs, done + i));
    done += 100;
  }
  return finish(done, started, cpuStart);
}

async function measureAsync(
  run: (input: RuleEnvelope) => Promise<void>,
  inputs: RuleEnvelope[],
): Promise<Measure> {
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  let done = 0;
  while (performance.now() < deadline) {
    await run(inputAt(inputs, done));
    done += 1;
  }
  return finish(done, started, cpuStart);
}

function finish(inputs: number, started: number, cpuStart: NodeJS.CpuUsage): Measure {
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  const evaluations = inputs * RULES;
  return { evaluations, inputs, seconds, cpuUs: (cpu.user + cpu.system) / evaluations };
}

const perSecond = (m: Measure) => m.evaluations / m.seconds;
const describe = (m: Measure) =>
  `${fmt(perSecond(m), 0)} evaluations/s = ${fmt(m.inputs / m.seconds, 0)} inputs/s against all ${RULES} rules, ` +
  `CPU ${fmt(m.cpuUs, 3)} µs per evaluation`;

async function main() {
  const rules = buildRules();
  const inputs = Array.from({ length: INPUTS }, buildInput);

  const compileStarted = performance.now();
  const compiled: CompiledRule[] = rules.map((rule) => compileRule(rule));
  const compileMs = performance.now() - compileStarted;
  const warmStarted = performance.now();
  rules.map((rule) => compileRule(rule));
  const warmCompileMs = performance.now() - warmStarted;
  const invalid = compiled.filter((rule) => rule.problem !== null || rule.conditions.some((c) => c.problem));
  if (invalid.length > 0) throw new Error(`${invalid.length} benchmark rules did not compile`);
  const ruleSet = compileRuleSet(rules);
  const matchSet = (input: RuleEnvelope) => {
    matchRuleSet(ruleSet, input);
  };
  const matchEach = (input: RuleEnvelope) => {
    for (const rule of compiled) matchCompiledRule(rule, input);
  };
  const explainAll = (input: RuleEnvelope) => {
    for (const rule of compiled) evaluateCompiledRule(rule, input);
  };

  console.log(
    `rule matcher: ${RULES} rules on alias ${ALIAS} (${RULE_OPERATORS.length} operators, ` +
      `${rules.filter((r) => r.conditions.logic === 'AND').length} AND / ${rules.filter((r) => r.conditions.logic === 'OR').length} OR, ` +
      `${rules.reduce((sum, r) => sum + r.conditions.rules.length, 0)} conditions), ${INPUTS} seeded inputs, ` +
      `${SECONDS} s per measure, one core (one evaluation = one rule against one input)`,
  );
  console.log(
    `compile: ${RULES} rules in ${fmt(compileMs, 2)} ms cold (${fmt((compileMs * 1000) / RULES, 1)} µs per rule), ` +
      `${fmt(warmCompileMs, 2)} ms warm (${fmt((warmCompileMs * 1000) / RULES, 1)} µs per rule)`,
  );

  // Warm both engines up so neither is measured cold.
  measureSync(matchSet, inputs);
  if (process.env.BENCH_PROFILE === '1') {
    console.log(`ours (matchRuleSet, profiled): ${describe(measureSync(matchSet, inputs))}`);
    return;
  }

  const engine = buildReferenceEngine(rules);
  let agreements = 0;
  let matches = 0;
  for (const input of inputs) {
    const result = await engine.run({ data: input.data });
    const fired = new Set(result.events.map((event) => event.type));
    const fromSet = new Set(matchRuleSet(ruleSet, input));
    rules.forEach((rule, index) => {
      const compiledRule = compiled[index];
      if (!compiledRule) throw new Error(`rule ${rule.id} was not compiled`);
      const isOurs = matchCompiledRule(compiledRule, input);
      if (isOurs !== fired.has(rule.id) || isOurs !== fromSet.has(rule.id)) {
        throw new Error(`engines disagree on ${rule.id} for ${JSON.stringify(input.data)}: ours ${isOurs}`);
      }
      agreements++;
      if (isOurs) matches++;
    });
  }
  console.log(
    `agreement: both engines give the same answer on all ${fmt(agreements, 0)} (rule, input) pairs ` +
      `(${fmt((matches / agreements) * 100, 1)}% match)`,
  );

  const before = measureSync(matchSet, inputs);
  const reference = await measureAsync(async (input) => {
    await engine.run({ data: input.data });
  }, inputs);
  const after = measureSync(matchSet, inputs);
  const each = measureSync(matchEach, inputs);
  const explained = measureSync(explainAll, inputs);

  const ours = (perSecond(before) + perSecond(after)) / 2;
  const ourCpu = (before.cpuUs + after.cpuUs) / 2;
  console.log(`ours, matchRuleSet (the alias's rules compiled together), before: ${describe(before)}`);
  console.log(
    `json-rules-engine ${jsonRulesEngineVersion()} (same rules, same inputs): ${describe(reference)}`,
  );
  console.log(`ours, matchRuleSet, after: ${describe(after)}`);
  console.log(`ours, matchCompiledRule rule by rule: ${describe(each)}`);
  console.log(`ours, evaluateCompiledRule (every condition with its pt-BR reason): ${describe(explained)}`);
  console.log(
    `\nSummary\nours ${fmt(ours, 0)} evaluations/s (${fmt(ours / RULES, 0)} inputs/s × ${RULES} rules), ` +
      `CPU ${fmt(ourCpu, 3)} µs per evaluation; json-rules-engine ${fmt(perSecond(reference), 0)} evaluations/s, ` +
      `CPU ${fmt(reference.cpuUs, 3)} µs per evaluation; ratio ${fmt(ours / perSecond(reference), 1)}× ` +
      `(CPU ratio ${fmt(reference.cpuUs / ourCpu, 1)}×). Targets: ≥ 250,000 evaluations/s, ≥ 50×.`,
  );
}

function jsonRulesEngineVersion(): string {
  return `v${createRequire(import.meta.url)('json-rules-engine/package.json').version}`;
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
