import { describe, expect, it } from 'vitest';
import { summariseExecutions } from './execution-stats';
import { describeConditions, isWithoutEvent } from './rule-text';

const condition = { field: 'data.text', operator: 'EQUALS' as const, values: ['oi'], caseSensitive: false };

describe('describeConditions', () => {
  it('When a rule has one condition, then it reads "1 condição (logic)"', () => {
    expect(describeConditions({ type: 'a', logic: 'AND', rules: [condition] })).toBe('1 condição (AND)');
  });

  it('When a rule has several conditions, then it reads "n condições (logic)"', () => {
    expect(describeConditions({ type: 'a', logic: 'OR', rules: [condition, condition, condition] })).toBe(
      '3 condições (OR)',
    );
  });
});

describe('isWithoutEvent', () => {
  it('When a rule has neither a linked event nor an event type, then it is "Sem evento"', () => {
    expect(isWithoutEvent({ eventId: null, routeEventTypeId: null })).toBe(true);
    expect(isWithoutEvent({ eventId: 'e', routeEventTypeId: null })).toBe(false);
    expect(isWithoutEvent({ eventId: null, routeEventTypeId: 't' })).toBe(false);
  });
});

describe('summariseExecutions', () => {
  const execution = (success: boolean, executionTimeMs: number) => ({
    id: `${success}-${executionTimeMs}`,
    ruleId: 'r',
    eventLogId: null,
    success,
    executedAt: '2026-01-01T00:00:00.000Z',
    executionTimeMs,
    executedActions: [],
    errorMessage: null,
  });

  it('When executions are loaded, then it counts successes and failures and rounds the average', () => {
    expect(summariseExecutions([execution(true, 10), execution(false, 15), execution(true, 16)])).toEqual({
      total: 3,
      successes: 2,
      failures: 1,
      averageMs: 14,
    });
  });

  it('When nothing ran, then every counter is 0', () => {
    expect(summariseExecutions([])).toEqual({ total: 0, successes: 0, failures: 0, averageMs: 0 });
  });
});
