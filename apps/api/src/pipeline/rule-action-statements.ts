import type { TRuleExecutedAction } from '@wm/contracts';
import type { AppContext } from '../context';
import { createBatcher } from '../lib/batcher';

/** The linked event a rule's action emits: read by id, as many at once as messages are in flight. */
export type LinkedEvent = { id: string; name: string; alias: string };

/** One execution of a rule for an event log, as recorded (replacing a failed one). */
export type RuleExecutionRecord = {
  id: string;
  rule_id: string;
  event_log_id: string;
  success: boolean;
  executed_at: string;
  execution_time_ms: number;
  executed_actions: TRuleExecutedAction[];
  error_message: string | null;
};

const FIND_LINKED_EVENTS = `SELECT id, name, alias FROM events WHERE id = ANY($1::uuid[])`;

// One per (event log, rule): a run after a failed one replaces it.
const RECORD_EXECUTIONS = `
  INSERT INTO rule_executions (id, rule_id, event_log_id, success, executed_at, execution_time_ms,
    executed_actions, error_message)
  SELECT id, rule_id, event_log_id, success, executed_at, execution_time_ms, executed_actions, error_message
  FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, rule_id uuid, event_log_id uuid, success boolean,
    executed_at timestamptz, execution_time_ms int, executed_actions jsonb, error_message text)
  ON CONFLICT (event_log_id, rule_id) DO UPDATE SET success = excluded.success,
    executed_at = excluded.executed_at, execution_time_ms = excluded.execution_time_ms,
    executed_actions = excluded.executed_actions, error_message = excluded.error_message`;

const BATCH = { maxSize: 256, maxInFlight: 4 };

/** The rules consumer's reads and writes around an action, each one round trip per batch of messages. */
export function createRuleActionStatements(ctx: AppContext) {
  const linkedEvents = createBatcher(async (ids: string[]) => {
    const rows = await ctx.database.query<LinkedEvent>(
      FIND_LINKED_EVENTS,
      [[...new Set(ids)]],
      'wm_rules_linked_events',
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => byId.get(id) ?? null);
  }, BATCH);
  const executions = createBatcher(
    async (records: RuleExecutionRecord[]) => {
      // A (log, rule) twice in one statement would be refused: the last run wins, as it would alone.
      const last = new Map(records.map((record) => [`${record.event_log_id}:${record.rule_id}`, record]));
      await ctx.database.query(
        RECORD_EXECUTIONS,
        [JSON.stringify([...last.values()])],
        'wm_rules_record_executions',
      );
      return records.map(() => undefined);
    },
    { ...BATCH, isolateFailures: true },
  );
  return {
    /** The event, or null when it was deleted. */
    findLinkedEvent: (id: string) => linkedEvents.submit(id),
    recordExecution: (record: RuleExecutionRecord) => executions.submit(record),
  };
}

export type RuleActionStatements = ReturnType<typeof createRuleActionStatements>;
