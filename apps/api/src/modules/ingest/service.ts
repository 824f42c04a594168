import type { TInboundReceipt } from '@wm/contracts';
import { SCHEMA_VIOLATION_MESSAGE } from '@wm/contracts';
import type { AppContext } from '../../context';
import type { inboundRequests } from '../../db/schema';
import {
  type AppError,
  badRequest,
  methodNotAllowed,
  notFound,
  rateLimited,
  schemaViolation,
  unauthorized,
  unsupportedMediaType,
} from '../../domain/errors';
import { isStorableText } from '../../domain/json-flaws';
import { newIdAt } from '../../lib/ids';
import type { RateLimiter } from '../../lib/rate-limiter';
import { findPayloadViolations, type PayloadSchemaCheck, schemaColumns } from '../emit/check-payload-schema';
import { storableHeaders } from '../emit/emit-input';
import { recordEmit } from '../emit/record-emits';
import type { IngestTarget, IngestTargets } from './ingest-dependencies';
import { insertInboundRequest } from './queries';
import { MAX_DELIVERY_ID_LENGTH, readDeliveryId } from './read-delivery-id';
import { readEventType } from './read-event-type';
import { readInboundBody } from './read-inbound-body';
import { type InboundHeaders, verifySender } from './verify-sender';

/** The ingest endpoint's state in this process: routes by token, and each route's request budget. */
export type InboundGate = { targets: IngestTargets; limiter: RateLimiter };

/** A request to `/in/<token><path>`, as received. */
export type InboundCall = {
  token: string;
  method: string;
  /** After the token, as sent: the route's endpoint and the query string. */
  path: string;
  headers: InboundHeaders;
  rawBody: Buffer;
};

export const NO_ROUTE_HERE = 'Nenhuma rota ativa neste endereço';
export const TOO_MANY_INBOUND = 'Muitas requisições para esta rota; tente novamente mais tarde';
export const DELIVERY_ID_TOO_LONG = `Identificador de entrega muito longo (máximo de ${MAX_DELIVERY_ID_LENGTH} caracteres)`;

const RECEIPT_MESSAGES = {
  ACCEPTED: 'Requisição aceita: as regras da rota serão executadas',
  DUPLICATE: 'Requisição já recebida nas últimas 24 horas: as regras não serão executadas de novo',
} as const;

/** Tokens are what the database generates (hex) or longer random text; anything else is no token. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

const pathnameOf = (path: string) => path.split('?')[0] ?? '';

function isEndpoint(pathname: string, endpoint: string) {
  if (pathname === endpoint) return true;
  try {
    return decodeURIComponent(pathname) === endpoint;
  } catch {
    return false;
  }
}

/**
 * What is answered before the body is read: 404 for an unknown token, an inactive route or another
 * path (the same answer, so a URL tells nothing), 405 for another method, 429 past the route's
 * budget in this process. Answers the route.
 */
export async function admitInboundRequest(
  gate: InboundGate,
  call: Pick<InboundCall, 'token' | 'method' | 'path'>,
): Promise<IngestTarget> {
  const target = TOKEN_PATTERN.test(call.token) ? await gate.targets.find(call.token) : null;
  if (!target?.isActive || !isEndpoint(pathnameOf(call.path), target.endpoint)) {
    throw notFound(NO_ROUTE_HERE);
  }
  const method = call.method === 'HEAD' ? 'GET' : call.method;
  if (method !== target.method) {
    throw methodNotAllowed(`Método ${call.method} não aceito: esta rota recebe ${target.method}`, {
      allow: target.method,
    });
  }
  const waitSeconds = gate.limiter.take(target.routeId);
  if (waitSeconds > 0) throw rateLimited(TOO_MANY_INBOUND, { retryAfterSeconds: waitSeconds });
  return target;
}

/** The columns every kept request has, whatever became of it. */
type KeptRequest = Pick<
  typeof inboundRequests.$inferSelect,
  | 'id'
  | 'routeId'
  | 'applicationId'
  | 'method'
  | 'path'
  | 'headers'
  | 'body'
  | 'contentType'
  | 'sizeBytes'
  | 'verificationType'
  | 'createdAt'
>;

function describeRequest(target: IngestTarget, call: InboundCall, now: Date): KeptRequest {
  const secretHeader = target.verification?.type === 'API_KEY' ? target.verification.header : undefined;
  const headers = Object.fromEntries(
    Object.entries(storableHeaders(call.headers, secretHeader ? [secretHeader.toLowerCase()] : [])).filter(
      ([name, value]) => isStorableText(name) && isStorableText(value),
    ),
  );
  const contentType = call.headers['content-type'];
  return {
    id: newIdAt(now),
    routeId: target.routeId,
    applicationId: target.applicationId,
    method: call.method,
    path: call.path,
    headers,
    body: call.rawBody,
    contentType: typeof contentType === 'string' ? contentType.slice(0, 255) : null,
    sizeBytes: call.rawBody.length,
    verificationType: target.verification?.type ?? null,
    createdAt: now,
  };
}

/**
 * Receives a request the route admitted: the sender checked over the raw bytes, the body read as
 * data, the event type matched to the route's. Every request is kept. One that fails the check
 * (401), whose body cannot be read (400, 415) or whose delivery id is too long (400) throws after
 * being kept, and runs nothing; one whose event type the route does not have is kept IGNORED with
 * the reason. Otherwise the request, an occurrence and its rules log are written in one statement
 * (or the request alone as DUPLICATE when the sender's delivery id was seen in the last 24 h).
 * Answers the receipt, and the log to publish once the sender has its 202.
 */
export async function receiveInboundRequest(
  ctx: AppContext,
  target: IngestTarget,
  call: InboundCall,
): Promise<{ receipt: TInboundReceipt; eventLogId: string | null }> {
  const now = ctx.clock();
  const kept = describeRequest(target, call, now);
  const refuse = async (error: AppError, isVerified: boolean) => {
    await insertInboundRequest(ctx.db, {
      ...kept,
      isVerified,
      verificationError: isVerified ? null : error.message,
      status: 'REJECTED',
      errorMessage: error.message,
    });
    throw error;
  };
  const check = verifySender(target.verification, call.headers, call.rawBody, now.getTime());
  if (!check.isVerified) return refuse(unauthorized(check.reason), false);
  const body = readInboundBody(call.rawBody, kept.contentType ?? undefined, call.path.split('?')[1] ?? '');
  if (!body.isRead) {
    return refuse(body.status === 415 ? unsupportedMediaType(body.reason) : badRequest(body.reason), true);
  }
  const deliveryId = readDeliveryId(target.verification?.type ?? null, call.headers, body.data);
  if (deliveryId && deliveryId.length > MAX_DELIVERY_ID_LENGTH) {
    return refuse(badRequest(DELIVERY_ID_TOO_LONG), true);
  }
  const eventType = readEventType(target.eventTypeFrom, call.headers, body.data, target.eventTypes);
  if ('reason' in eventType) {
    await insertInboundRequest(ctx.db, {
      ...kept,
      isVerified: true,
      status: 'IGNORED',
      errorMessage: eventType.reason,
      eventType: eventType.alias?.slice(0, 255) ?? null,
      deliveryId,
    });
    const receipt = { id: kept.id, status: 'IGNORED', eventLogId: null, message: eventType.reason } as const;
    return { receipt, eventLogId: null };
  }
  const schemaCheck = checkInboundSchema(target, eventType.alias, body.data);
  if (schemaCheck?.isRefused) {
    await insertInboundRequest(ctx.db, {
      ...kept,
      isVerified: true,
      status: 'REJECTED',
      errorMessage: SCHEMA_VIOLATION_MESSAGE,
      eventType: eventType.alias,
      deliveryId,
      schemaVersion: schemaCheck.version,
      schemaViolations: schemaCheck.violations,
    });
    throw schemaViolation(SCHEMA_VIOLATION_MESSAGE, schemaCheck.violations);
  }
  return recordAcceptedRequest(ctx, target, kept, {
    data: body.data,
    alias: eventType.alias,
    deliveryId,
    schemaCheck,
  });
}

/**
 * The body checked against its event type's schema (null when the type checks nothing):
 * `isRefused` when ENFORCE finds a violation, the request then kept REJECTED and running no rule.
 */
export function checkInboundSchema(
  target: Pick<IngestTarget, 'schemas'>,
  alias: string,
  data: unknown,
): (PayloadSchemaCheck & { isRefused: boolean }) | null {
  const holder = target.schemas.get(alias);
  if (!holder) return null;
  const violations = findPayloadViolations(holder, data);
  return {
    version: holder.schemaVersion,
    violations,
    isRefused: violations.length > 0 && holder.schemaValidation === 'ENFORCE',
  };
}

/**
 * The request's occurrence and rules log (only the route's rules run on it), with the request
 * itself, in one statement: ACCEPTED, or DUPLICATE when its delivery id's key was taken. A
 * reprocess passes the kept request again (same id): it stays as received, the new log added to it.
 */
export async function recordAcceptedRequest(
  ctx: AppContext,
  target: Pick<IngestTarget, 'routeId' | 'applicationId'>,
  kept: KeptRequest,
  read: {
    data: unknown;
    alias: string;
    deliveryId: string | null;
    /** A reprocess: never a duplicate of the sender's delivery. */
    isRepeat?: boolean;
    /** Under WARN, what the body broke is kept with the occurrence and the request. */
    schemaCheck?: PayloadSchemaCheck | null;
  },
  now = kept.createdAt,
): Promise<{ receipt: TInboundReceipt; eventLogId: string | null }> {
  const occurrenceId = newIdAt(ctx.clock());
  const eventLogId = newIdAt(ctx.clock());
  const timestamp = now.toISOString();
  const receipt: TInboundReceipt = {
    id: kept.id,
    status: 'ACCEPTED',
    eventLogId,
    message: RECEIPT_MESSAGES.ACCEPTED,
  };
  const isRecorded = await recordEmit(ctx, {
    occurrence: {
      id: occurrenceId,
      event_id: null,
      application_id: target.applicationId,
      event_type: read.alias,
      data: read.data,
      headers: kept.headers,
      payload: null,
      external_event_id: read.deliveryId,
      organization_id: null,
      idempotency_key:
        read.deliveryId && !read.isRepeat ? `inbound:${target.routeId}:${read.deliveryId}` : null,
      response: receipt,
      callback_pending: false,
      created_at: timestamp,
      ...schemaColumns(read.schemaCheck),
    },
    deliveryLogs: [],
    eventLog: {
      id: eventLogId,
      event_id: occurrenceId,
      event_type: read.alias,
      organization_id: target.applicationId,
      external_event_id: read.deliveryId,
      queue_type: 'RABBITMQ',
      application_id: target.applicationId,
      event_definition_id: null,
      route_id: target.routeId,
      created_at: timestamp,
    },
    inboundRequest: {
      id: kept.id,
      route_id: target.routeId,
      application_id: target.applicationId,
      method: kept.method,
      path: kept.path,
      headers: kept.headers,
      body: kept.body.toString('base64'),
      content_type: kept.contentType,
      size_bytes: kept.sizeBytes,
      verification_type: kept.verificationType,
      delivery_id: read.deliveryId,
      created_at: kept.createdAt.toISOString(),
      ...schemaColumns(read.schemaCheck),
    },
  });
  if (isRecorded) return { receipt, eventLogId };
  const duplicate = {
    ...receipt,
    status: 'DUPLICATE',
    eventLogId: null,
    message: RECEIPT_MESSAGES.DUPLICATE,
  } as const;
  return { receipt: duplicate, eventLogId: null };
}
