import type { AppContext } from '../context';
import { CHANGE_CHANNELS } from '../db/change-channel';
import { createBatcher } from '../lib/batcher';

/** What the rules consumer needs of one POST /emit-rules event log, read in one statement batched across messages. */
export type StartedRulesLog = {
  id: string;
  applicationId: string;
  eventType: string;
  /** The log's organization (the posted one, else the application id). */
  organizationId: string;
  externalEventId: string | null;
  autoRetryCount: number;
  /** As posted: the occurrence's data (json text, keys in their order) and its stored headers. */
  data: unknown;
  headers: Record<string, string>;
  /** The organizationId the caller posted, if any. */
  postedOrganizationId: string | null;
  /** Rules whose action already succeeded for this log (a redelivery, a reprocess). */
  doneRuleIds: Set<string>;
  /** The route whose inbound request made the log: only its rules run. Null: every rule of the type. */
  routeId: string | null;
  /** The rules' version when the log was read: every rule change committed before is counted in it. */
  rulesVersion: number;
};

type StartedRow = {
  id: string;
  application_id: string;
  event_type: string;
  organization_id: string;
  external_event_id: string | null;
  auto_retry_count: number;
  route_id: string | null;
  payload: unknown;
  occurrence: { data: unknown; headers: Record<string, string>; organization_id: string | null } | null;
  done: string[];
  rules_version: number;
};

// A read, no write: the log stays PENDING while the consumer holds its message (as queued event logs).
const START_SQL = `
SELECT l.id, l.application_id, l.event_type, l.organization_id, l.external_event_id, l.auto_retry_count,
  l.route_id, l.payload,
  -- row_to_json keeps the json data's text (to_jsonb would reorder its keys).
  (SELECT row_to_json(o.*) FROM (SELECT data, headers, organization_id FROM occurrences
    WHERE id = l.event_id) o) AS occurrence,
  (SELECT coalesce(json_agg(e.rule_id), '[]'::json) FROM rule_executions e
    WHERE e.event_log_id = l.id AND e.success) AS done,
  -- Read by this statement, so after the message was published and after every change before it.
  (SELECT version::float8 FROM change_versions WHERE channel = '${CHANGE_CHANNELS.rules}') AS rules_version
FROM event_logs l
WHERE l.id = ANY($1::uuid[]) AND l.status NOT IN ('SUCCESS', 'FAILED')`;

const BATCH = { maxSize: 256, maxInFlight: 4 };

/** Rules logs started together, one round trip for the messages taken at once. */
export function createRulesLogStarts(ctx: AppContext) {
  const starts = createBatcher(async (ids: string[]) => {
    const rows = await ctx.database.query<StartedRow>(START_SQL, [ids], 'wm_rules_logs_start');
    const byId = new Map(rows.map((row) => [row.id, toStarted(row)]));
    return ids.map((id) => byId.get(id) ?? null);
  }, BATCH);
  /** Reads a rules log; null when it is gone or already final. */
  return (id: string) => starts.submit(id);
}

export type RulesLogStarts = ReturnType<typeof createRulesLogStarts>;

function toStarted(row: StartedRow): StartedRulesLog {
  return {
    id: row.id,
    applicationId: row.application_id,
    eventType: row.event_type,
    organizationId: row.organization_id,
    externalEventId: row.external_event_id,
    autoRetryCount: row.auto_retry_count,
    data: row.occurrence ? row.occurrence.data : row.payload,
    headers: row.occurrence?.headers ?? {},
    postedOrganizationId: row.occurrence?.organization_id ?? null,
    doneRuleIds: new Set(row.done),
    routeId: row.route_id,
    rulesVersion: row.rules_version,
  };
}
