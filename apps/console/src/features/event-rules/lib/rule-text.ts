import type { TEventRule } from '@wm/contracts';

/** 'n condição' / 'n condições' followed by the logic: '2 condições (AND)'. */
export function describeConditions(conditions: TEventRule['conditions']): string {
  const count = conditions.rules.length;
  return `${count} ${count === 1 ? 'condição' : 'condições'} (${conditions.logic})`;
}

/** A rule that neither emits an event nor listens to a route event type does nothing: 'Sem evento'. */
export const isWithoutEvent = (rule: Pick<TEventRule, 'eventId' | 'routeEventTypeId'>) =>
  !rule.eventId && !rule.routeEventTypeId;
