import pino, { type Logger } from 'pino';

/** Paths that may hold credentials; never written to the log. */
export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'req.headers.cookie',
  '*.password',
  '*.token',
  '*.apiKey',
  '*.secret',
  '*.authDetails',
  '*.callbackAuthDetails',
];

/** Fields of a database error that describe the failure without carrying any of its values. */
const SAFE_ERROR_FIELDS = [
  'code',
  'severity',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
];
const MAX_CAUSE_DEPTH = 3;

/** Drizzle appends a failed query's parameters to its message: anyone's credentials or data. */
const withoutParams = (message: string) => {
  const at = message.indexOf('\nparams: ');
  return at < 0 ? message : `${message.slice(0, at)}\nparams: [redacted]`;
};

/**
 * The `err` of every log line: type, message, stack, the SQL text (placeholders only) and the
 * database's own description, never the values of a query (drizzle's `params`, pg's `detail` and
 * `where`, which quote the rows), down the `cause` chain.
 */
export function serializeError(error: unknown, depth = 0): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const message = withoutParams(error.message);
  const at = error.stack?.indexOf(error.message) ?? -1;
  const stack =
    error.stack && at >= 0
      ? error.stack.slice(0, at) + message + error.stack.slice(at + error.message.length)
      : undefined;
  const fields: Record<string, unknown> = { type: error.name, message, stack };
  const source = error as unknown as Record<string, unknown>;
  for (const name of SAFE_ERROR_FIELDS) if (source[name] !== undefined) fields[name] = source[name];
  if (typeof source.query === 'string') fields.query = source.query;
  if (error.cause !== undefined && depth < MAX_CAUSE_DEPTH)
    fields.cause = serializeError(error.cause, depth + 1);
  return fields;
}

type LoggedRequest = {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  headers?: Record<string, string | string[] | undefined>;
  socket?: { remotePort?: number };
};

/** A route's ingest token, in a path: whoever has it can post to the route. */
const INGEST_TOKEN = /^\/in\/[^/?]+/;

/**
 * The `req` of every request log line: Fastify's own fields, with the path only. A query string
 * may carry a credential (`?apiKey=`) or a user's search; an ingest URL's token is redacted.
 */
export function serializeRequest(request: LoggedRequest): Record<string, unknown> {
  return {
    method: request.method,
    url: request.url.split('?')[0]?.replace(INGEST_TOKEN, '/in/[redacted]'),
    version: request.headers?.['accept-version'],
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The service's logger: JSON lines to stdout, or to `destination` (tests read what was logged). */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options = {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: { err: serializeError, error: serializeError, req: serializeRequest },
  };
  return destination ? pino(options, destination) : pino(options);
}
