import type { TEventRule, TRouteField } from '@wm/contracts';
import { buildRulePayload, evaluateRule, type RuleEnvelope, type RuleResult } from '@wm/rules';
import { INVALID_TEST_DATA } from '@/lib/test-data';

/**
 * The tester's starting JSON: the emit envelope that fires the rule (the payload its integration code
 * posts), with a sample at each other route field.
 */
export function sampleEnvelope(
  rule: Pick<TEventRule, 'applicationId' | 'conditions'>,
  fields: readonly Pick<TRouteField, 'path' | 'type'>[],
  /** The event type's example the conditions are met on, when it has one. */
  example?: unknown,
): string {
  return JSON.stringify(
    buildRulePayload(rule.conditions, fields, rule.applicationId, example).payload,
    null,
    2,
  );
}

/** The envelope of `sampleEnvelope` carrying `example` (an event type's example payload) as its data. */
export function envelopeWithData(envelopeText: string, example: unknown): string {
  let envelope: Record<string, unknown> = {};
  try {
    const parsed = JSON.parse(envelopeText);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) envelope = parsed;
  } catch {
    // A typed text that is not JSON: the example starts a new envelope.
  }
  return JSON.stringify({ ...envelope, data: example }, null, 2);
}

export type RuleTestOutcome =
  | { kind: 'invalid-data'; title: string; description: string }
  | { kind: 'evaluated'; result: RuleResult; isOtherEventType: boolean };

/** Runs the rule in the browser with the engine the server runs, against the typed envelope. */
export function testRule(rule: Pick<TEventRule, 'conditions'>, text: string): RuleTestOutcome {
  let envelope: unknown;
  try {
    envelope = JSON.parse(text);
  } catch {
    return INVALID_TEST_DATA;
  }
  if (typeof envelope !== 'object' || envelope === null || Array.isArray(envelope)) return INVALID_TEST_DATA;
  const eventType = (envelope as { eventType?: unknown }).eventType;
  return {
    kind: 'evaluated',
    result: evaluateRule(rule, envelope as RuleEnvelope),
    // The server only evaluates a rule for data sent with its event type.
    isOtherEventType: eventType !== rule.conditions.type,
  };
}
