import {
  DiagLogLevel,
  defaultTextMapGetter,
  defaultTextMapSetter,
  diag,
  ROOT_CONTEXT,
  trace,
} from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import {
  defaultResource,
  detectResources,
  envDetector,
  resourceFromAttributes,
} from '@opentelemetry/resources';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import type { Logger } from 'pino';
import type { TraceExport, Tracing } from './tracing';

const SERVICE_NAME = 'webhook-manager';

/**
 * The OpenTelemetry SDK, exporting over OTLP/HTTP in batches. What the standard's other `OTEL_*`
 * variables set (headers, timeout, compression, certificates, sampler, batch sizes, span limits,
 * OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES) the SDK reads itself, as the specification
 * defines them. No global provider or context manager is installed: parents are passed in.
 */
export function startTracing(traceExport: TraceExport, logger: Logger): Tracing {
  const log = logger.child({ component: 'tracing' });
  // Export failures (an unreachable collector) are the SDK's to report, through its diag logger.
  diag.setLogger(
    {
      error: (message, ...args) => log.warn({ details: args }, message),
      warn: (message, ...args) => log.warn({ details: args }, message),
      info: () => {},
      debug: () => {},
      verbose: () => {},
    },
    DiagLogLevel.WARN,
  );
  const Exporter = traceExport.protocol === 'http/json' ? JsonExporter : ProtobufExporter;
  const provider = new BasicTracerProvider({
    // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES (the env detector) win over our name.
    resource: defaultResource()
      .merge(resourceFromAttributes({ 'service.name': SERVICE_NAME }))
      .merge(detectResources({ detectors: [envDetector] })),
    spanProcessors: [new BatchSpanProcessor(new Exporter({ url: traceExport.url }))],
  });
  const tracer = provider.getTracer(SERVICE_NAME);
  const propagator = new W3CTraceContextPropagator();

  return {
    isEnabled: true,
    startSpan(name, options = {}) {
      const { parent, ...spanOptions } = options;
      const parentContext = parent
        ? propagator.extract(ROOT_CONTEXT, { traceparent: parent }, defaultTextMapGetter)
        : ROOT_CONTEXT;
      return tracer.startSpan(name, spanOptions, parentContext);
    },
    traceparentOf(span) {
      const carrier: { traceparent?: string } = {};
      propagator.inject(trace.setSpan(ROOT_CONTEXT, span), carrier, defaultTextMapSetter);
      return carrier.traceparent ?? null;
    },
    flush: () => provider.forceFlush(),
    shutdown: () => provider.shutdown(),
  };
}
