import type { Logger } from 'pino';
import { TRACING_OFF, type TraceExport, type Tracing } from './tracing';

/** Off unless an export is configured; the SDK is loaded only then. */
export async function createTracing(traceExport: TraceExport | null, logger: Logger): Promise<Tracing> {
  if (!traceExport) return TRACING_OFF;
  const { startTracing } = await import('./tracing-sdk');
  return startTracing(traceExport, logger);
}
