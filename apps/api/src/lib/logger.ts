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

export function createLogger(level: string): Logger {
  return pino({ level, redact: { paths: REDACTED_PATHS, censor: '[redacted]' } });
}
