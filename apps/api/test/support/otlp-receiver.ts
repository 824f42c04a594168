import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A span as an OTLP/HTTP JSON export carries it, its attributes flattened to plain values. */
export type ReceivedSpan = {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  attributes: Record<string, string | number | boolean>;
  status: { code?: number; message?: string };
  serviceName: string;
};

type OtlpValue = {
  stringValue?: string;
  intValue?: string | number;
  boolValue?: boolean;
  doubleValue?: number;
};
type OtlpAttribute = { key: string; value: OtlpValue };
type OtlpSpan = Omit<ReceivedSpan, 'attributes' | 'serviceName'> & { attributes?: OtlpAttribute[] };
type OtlpExport = {
  resourceSpans?: Array<{
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: Array<{ spans?: OtlpSpan[] }>;
  }>;
};

const plain = ({ stringValue, intValue, boolValue, doubleValue }: OtlpValue) =>
  stringValue ?? (intValue === undefined ? undefined : Number(intValue)) ?? boolValue ?? doubleValue ?? '';
const attributesOf = (attributes: OtlpAttribute[] = []) =>
  Object.fromEntries(attributes.map(({ key, value }) => [key, plain(value)]));

export type OtlpReceiver = {
  /** Base URL, as OTEL_EXPORTER_OTLP_ENDPOINT takes it (exports arrive at /v1/traces). */
  url: string;
  spans: ReceivedSpan[];
  /** Every export as received: its path, content type and raw body. */
  exports: Array<{ path: string; contentType: string; body: Buffer }>;
  close(): Promise<void>;
};

/** A collector on 127.0.0.1 taking OTLP/HTTP trace exports; JSON ones are decoded into `spans`. */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const exports: OtlpReceiver['exports'] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      const contentType = String(request.headers['content-type'] ?? '');
      exports.push({ path: request.url ?? '', contentType, body });
      if (contentType.startsWith('application/json')) {
        for (const resourceSpans of (JSON.parse(body.toString('utf8')) as OtlpExport).resourceSpans ?? []) {
          const serviceName = String(attributesOf(resourceSpans.resource?.attributes)['service.name']);
          for (const scopeSpans of resourceSpans.scopeSpans ?? []) {
            for (const span of scopeSpans.spans ?? []) {
              spans.push({ ...span, attributes: attributesOf(span.attributes), serviceName });
            }
          }
        }
      }
      response.writeHead(200, { 'content-type': contentType || 'application/json' });
      response.end(contentType.startsWith('application/json') ? '{}' : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    spans,
    exports,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
