import { z } from 'zod';
import { listQuery, paginated, ZId } from './common';
import { EVENT_LOG_STATUSES } from './enums';
import { ZSchemaViolation } from './event-schema';

/** A FAILED event log may be reprocessed while retryCount is below this. */
export const MAX_EVENT_LOG_ATTEMPTS = 3;
export const EVENT_LOG_PAGE_SIZE = 20;
export const REPROCESS_BATCH_MAX = 100;

export const ZEventLogStatus = z.enum(EVENT_LOG_STATUSES, { error: 'Status inválido' });

/** `GET /rabbitmq/events` (and `/failed`) query. */
export const ZEventLogListQuery = listQuery(EVENT_LOG_PAGE_SIZE).extend({
  status: ZEventLogStatus.optional(),
  organizationId: z.string().trim().max(255, { error: 'Organização muito longa' }).optional(),
  eventType: z.string().trim().max(255, { error: 'Tipo de evento muito longo' }).optional(),
});
export type TEventLogListQuery = z.infer<typeof ZEventLogListQuery>;

export const ZEventLog = z
  .object({
    id: z.string(),
    /** The occurrence id. */
    eventId: z.string(),
    eventType: z.string(),
    organizationId: z.string(),
    externalEventId: z.string().nullable(),
    queueType: z.string(),
    status: ZEventLogStatus,
    /** Reprocess requests (the console's n/3). */
    retryCount: z.number().int(),
    /** HTTP attempts of the occurrence's deliveries; null for a POST /emit-rules log, which delivers nothing itself. */
    deliveryAttempts: z.number().int().nullable(),
    payload: z.unknown(),
    errorMessage: z.string().nullable(),
    applicationId: z.string(),
    eventDefinitionId: z.string().nullable(),
    createdAt: z.string(),
    processedAt: z.string().nullable(),
    updatedAt: z.string(),
  })
  .meta({ id: 'EventLog' });
export type TEventLog = z.infer<typeof ZEventLog>;

export const ZRuleConditionEvaluation = z.object({
  field: z.string(),
  operator: z.string(),
  isMatch: z.boolean(),
  /** pt-BR, e.g. `data.total = 50 não é maior que 100`; values quoted and cut. */
  reason: z.string(),
});

/** Why one candidate rule of a POST /emit-rules fired (isMatch) or not. */
export const ZRuleEvaluation = z
  .object({
    ruleId: z.string(),
    ruleName: z.string(),
    isMatch: z.boolean(),
    conditions: z.array(ZRuleConditionEvaluation),
  })
  .meta({ id: 'RuleEvaluation' });
export type TRuleEvaluation = z.infer<typeof ZRuleEvaluation>;

/**
 * One event log with, for a POST /emit-rules log once processed, the evaluation of every candidate
 * rule (null for logs of events, and before the rules ran).
 */
export const ZEventLogDetail = ZEventLog.extend({
  ruleEvaluations: z.array(ZRuleEvaluation).nullable(),
  /** The schema version the data was checked against; null when its validation was OFF. */
  schemaVersion: z.number().int().nullable(),
  /** Under WARN, where the data broke the schema ("Payload fora do schema"); [] otherwise. */
  schemaViolations: z.array(ZSchemaViolation),
}).meta({ id: 'EventLogDetail' });
export type TEventLogDetail = z.infer<typeof ZEventLogDetail>;

export const ZEventLogStats = z.object({
  SUCCESS: z.number().int(),
  FAILED: z.number().int(),
  PENDING: z.number().int(),
  PROCESSING: z.number().int(),
});
export type TEventLogStats = z.infer<typeof ZEventLogStats>;

export const ZEventLogListResponse = paginated(ZEventLog)
  .extend({ stats: ZEventLogStats })
  .meta({ id: 'EventLogList' });
export type TEventLogListResponse = z.infer<typeof ZEventLogListResponse>;

export const ZReprocessBatchRequest = z.object({
  eventIds: z
    .array(ZId, { error: 'Nenhum evento selecionado' })
    .min(1, { error: 'Nenhum evento selecionado' })
    .max(REPROCESS_BATCH_MAX, { error: `Selecione no máximo ${REPROCESS_BATCH_MAX} eventos` }),
});
export type TReprocessBatchRequest = z.infer<typeof ZReprocessBatchRequest>;

export const ZReprocessResponse = z
  .object({ message: z.string(), data: ZEventLog })
  .meta({ id: 'ReprocessAnswer' });
export type TReprocessResponse = z.infer<typeof ZReprocessResponse>;

export const ZReprocessBatchResponse = z
  .object({
    stats: z.object({ succeeded: z.number().int(), failed: z.number().int() }),
  })
  .meta({ id: 'ReprocessBatchAnswer' });
export type TReprocessBatchResponse = z.infer<typeof ZReprocessBatchResponse>;

/** Whether the console offers 'Reprocessar' (and the API accepts it). */
export const canReprocessEventLog = (log: Pick<TEventLog, 'status' | 'retryCount'>) =>
  log.status === 'FAILED' && log.retryCount < MAX_EVENT_LOG_ATTEMPTS;
