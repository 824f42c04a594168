import { parsePath } from '../paths/parse-path';
import { buildSamplePayload, type SampleField } from '../samples/build-sample-payload';
import { placeValue, toDataSegments } from './build-route-payload';
import { shellQuote } from './render-integration-code';

/** Environment variables the sample reads a route's secrets from (never embedded). */
export const INGEST_SECRET_VARIABLES = {
  secret: 'WEBHOOK_SECRET',
  password: 'WEBHOOK_PASSWORD',
  value: 'WEBHOOK_API_KEY',
} as const;

export type IngestCurlInput = {
  ingestUrl: string;
  method: string;
  /** The route's verification, secrets left out (they are read from the environment). */
  verification: {
    type: string;
    header?: string | null;
    encoding?: string | null;
    prefix?: string | null;
    username?: string | null;
  };
  eventTypeFrom: { source: string; value: string };
  /** An event type of the route, for the header or body path the route reads it from. */
  alias: string;
  /** The route's fields: the sample body holds a value of each. */
  fields: readonly SampleField[];
};

const requireVariable = (name: string, what: string) =>
  `\${${name}:?Defina ${name} com ${what} da rota (aba Recebimento)}`;

/** The sample's body: a value for each field, and the event type where the route reads it. */
export function buildIngestSampleBody(input: Pick<IngestCurlInput, 'eventTypeFrom' | 'alias' | 'fields'>) {
  const dataFields: SampleField[] = [];
  for (const field of input.fields) {
    const segments = toDataSegments(field.path);
    if (segments && segments.length > 0) dataFields.push({ path: segments.join('.'), type: field.type });
  }
  const body = buildSamplePayload(dataFields);
  const segments = input.eventTypeFrom.source === 'BODY_PATH' ? parsePath(input.eventTypeFrom.value) : null;
  if (segments) placeValue(body, segments, input.alias);
  return body;
}

/**
 * One bash command that sends a request to a route's ingest URL which passes its verification:
 * the sample body, the event type where the route reads it, and the signature or credential its
 * type expects, computed with openssl from the secret in an environment variable (never embedded).
 * Every value from the route is single-quoted, so nothing in it expands. A GET sends no body.
 */
export function renderIngestCurl(input: IngestCurlInput): string {
  const { verification, method } = input;
  const hasBody = method !== 'GET';
  const body = hasBody ? JSON.stringify(buildIngestSampleBody(input)) : '';
  const lines = [
    '# Envia uma requisição de teste à URL de recebimento da rota (bash, curl e openssl).',
    ...helpFor(verification.type),
    `BODY=${shellQuote(body)}`,
    ...signatureLines(verification),
  ];
  const options = [
    `curl --silent --show-error --fail-with-body --request ${method} ${shellQuote(input.ingestUrl)}`,
    ...(hasBody ? [`--header 'content-type: application/json'`] : []),
    ...(input.eventTypeFrom.source === 'HEADER'
      ? [`--header ${shellQuote(`${input.eventTypeFrom.value}: ${input.alias}`)}`]
      : []),
    ...credentialOptions(verification),
    `--write-out '\\nHTTP %{http_code}\\n'`,
    ...(hasBody ? ['--data-raw "$BODY"'] : []),
  ];
  return `${[...lines, options.join(' \\\n  ')].join('\n')}\n`;
}

function helpFor(type: string): string[] {
  const variable =
    type === 'BASIC'
      ? INGEST_SECRET_VARIABLES.password
      : type === 'API_KEY'
        ? INGEST_SECRET_VARIABLES.value
        : type === 'NONE'
          ? null
          : INGEST_SECRET_VARIABLES.secret;
  return variable ? [`# Antes de executar: export ${variable}='o valor configurado na rota'`] : [];
}

const hmacHex = (input: string) =>
  `$(printf '%s' ${input} | openssl dgst -sha256 -hmac "$SECRET" -hex | sed 's/^.* //')`;
const hmacBase64 = (input: string) =>
  `$(printf '%s' ${input} | openssl dgst -sha256 -hmac "$SECRET" -binary | base64)`;
const secretLine = `SECRET="${requireVariable(INGEST_SECRET_VARIABLES.secret, 'o segredo')}"`;

function signatureLines(verification: IngestCurlInput['verification']): string[] {
  switch (verification.type) {
    case 'GITHUB':
    case 'HMAC_SHA256':
      return [
        secretLine,
        verification.type === 'HMAC_SHA256' && verification.encoding === 'base64'
          ? `SIGNATURE="${hmacBase64('"$BODY"')}"`
          : `SIGNATURE="${hmacHex('"$BODY"')}"`,
      ];
    case 'STRIPE':
      return [secretLine, 'TIMESTAMP=$(date +%s)', `SIGNATURE="${hmacHex('"$TIMESTAMP.$BODY"')}"`];
    case 'STANDARD_WEBHOOKS':
      return [
        secretLine,
        'MESSAGE_ID="msg_$(date +%s)$RANDOM"',
        'TIMESTAMP=$(date +%s)',
        `KEY_HEX=$(printf '%s' "\${SECRET#whsec_}" | base64 -d | od -An -vtx1 | tr -d ' \\n')`,
        `SIGNATURE=$(printf '%s' "$MESSAGE_ID.$TIMESTAMP.$BODY" | openssl dgst -sha256 -mac HMAC -macopt "hexkey:$KEY_HEX" -binary | base64)`,
      ];
    default:
      return [];
  }
}

function credentialOptions(verification: IngestCurlInput['verification']): string[] {
  switch (verification.type) {
    case 'GITHUB':
      return [`--header "X-Hub-Signature-256: sha256=$SIGNATURE"`];
    case 'HMAC_SHA256':
      return [
        `--header ${shellQuote(`${verification.header ?? ''}: ${verification.prefix ?? ''}`)}"$SIGNATURE"`,
      ];
    case 'STRIPE':
      return [`--header "Stripe-Signature: t=$TIMESTAMP,v1=$SIGNATURE"`];
    case 'STANDARD_WEBHOOKS':
      return [
        '--header "webhook-id: $MESSAGE_ID"',
        '--header "webhook-timestamp: $TIMESTAMP"',
        '--header "webhook-signature: v1,$SIGNATURE"',
      ];
    case 'BASIC':
      return [
        `--user ${shellQuote(`${verification.username ?? ''}:`)}"${requireVariable(INGEST_SECRET_VARIABLES.password, 'a senha')}"`,
      ];
    case 'API_KEY':
      return [
        `--header ${shellQuote(`${verification.header ?? ''}: `)}"${requireVariable(INGEST_SECRET_VARIABLES.value, 'a chave')}"`,
      ];
    default:
      return [];
  }
}
