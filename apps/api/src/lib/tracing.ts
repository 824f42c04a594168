import {
  type Attributes,
  INVALID_SPAN_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';

export type { Span };
export { SpanKind };

export type SpanOptions = {
  kind?: SpanKind;
  attributes?: Attributes;
  /** W3C traceparent of the parent span (an incoming request's, a stored one); none: a new trace. */
  parent?: string | null;
};

/**
 * OpenTelemetry spans for this process's work. Parents are passed as W3C `traceparent` strings,
 * the form in which they are stored and sent (an occurrence, a queue message), so work done later
 * or in another process joins the trace it belongs to.
 */
export type Tracing = {
  readonly isEnabled: boolean;
  startSpan(name: string, options?: SpanOptions): Span;
  /** The span's traceparent, to store or send with later work; null when tracing is off. */
  traceparentOf(span: Span): string | null;
  /** Exports the spans ended so far (tests, and before the process exits). */
  flush(): Promise<void>;
  shutdown(): Promise<void>;
};

/** Where traces go: an OTLP/HTTP endpoint and its encoding. */
export type TraceExport = { url: string; protocol: 'http/protobuf' | 'http/json' };

const NO_SPAN = trace.wrapSpanContext(INVALID_SPAN_CONTEXT);

/** Tracing off: one shared span that records nothing, and nothing to store. */
export const TRACING_OFF: Tracing = {
  isEnabled: false,
  startSpan: () => NO_SPAN,
  traceparentOf: () => null,
  flush: async () => {},
  shutdown: async () => {},
};

/**
 * Runs `work` in a span that ends with it, marked as an error when it throws. Tracing off runs
 * `work` alone: no span, no extra promise on the emit path.
 */
export function inSpan<T>(
  tracing: Tracing,
  name: string,
  options: SpanOptions,
  work: (span: Span) => Promise<T>,
): Promise<T> {
  if (!tracing.isEnabled) return work(NO_SPAN);
  return inRecordedSpan(tracing.startSpan(name, options), work);
}

async function inRecordedSpan<T>(span: Span, work: (span: Span) => Promise<T>): Promise<T> {
  try {
    return await work(span);
  } catch (error) {
    failSpan(span, error);
    throw error;
  } finally {
    span.end();
  }
}

/** Marks a span failed: with the error recorded when there is one, else with `message`. */
export function failSpan(span: Span, error: unknown, message?: string) {
  if (!span.isRecording()) return;
  if (error instanceof Error) span.recordException(error);
  span.setStatus({
    code: SpanStatusCode.ERROR,
    message: message ?? (error instanceof Error ? error.message : undefined),
  });
}
