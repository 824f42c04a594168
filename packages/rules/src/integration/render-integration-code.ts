import { safeJsonStringify } from '../values/to-text';
import { type LiteralDialect, quoteString, renderLiteral } from './render-literal';

export const INTEGRATION_LANGUAGES = ['javascript', 'python', 'curl'] as const;
export type IntegrationLanguage = (typeof INTEGRATION_LANGUAGES)[number];

/** Environment variable the generated code reads the application's API key from. */
export const API_KEY_VARIABLE = 'WEBHOOK_MANAGER_API_KEY';
/** Where the code posts, under the base URL. */
export const EMIT_RULES_PATH = '/v1/emit-rules';

export type IntegrationCodeInput = { language: IntegrationLanguage; baseUrl: string; payload: unknown };

export function isIntegrationLanguage(value: unknown): value is IntegrationLanguage {
  return typeof value === 'string' && (INTEGRATION_LANGUAGES as readonly string[]).includes(value);
}

/**
 * Code that posts `payload` to `<baseUrl>/v1/emit-rules` with the `x-api-key` header read from
 * WEBHOOK_MANAGER_API_KEY, prints the answer and exits non-zero on an HTTP error or a missing key.
 * JavaScript: Node ≥ 18, no dependency (`.mjs`); Python: standard library only; curl: one bash
 * command. No secret is ever embedded, no user text reaches a comment, and every value is escaped
 * for its language, so names and values with quotes, `$`, backticks, backslashes, newlines or
 * non-ASCII cannot break or inject into the code. Pure: identical input gives identical code.
 */
export function renderIntegrationCode({ language, baseUrl, payload }: IntegrationCodeInput): string {
  const url = emitRulesUrl(baseUrl);
  switch (language) {
    case 'python':
      return renderPython(url, payload);
    case 'curl':
      return renderCurl(url, payload);
    default:
      return renderJavaScript(url, payload);
  }
}

/** `<base>/v1/emit-rules`, without doubling the slash. */
export function emitRulesUrl(baseUrl: string): string {
  const base = typeof baseUrl === 'string' ? baseUrl.trim().replace(/\/+$/, '') : '';
  return `${base}${EMIT_RULES_PATH}`;
}

const KEY_HELP = "A chave fica no console, na tela da aplicação, em 'API Key'.";
const MISSING_KEY = `Defina a variável de ambiente ${API_KEY_VARIABLE} com a chave de API da aplicação.`;

function renderJavaScript(url: string, payload: unknown): string {
  return `// Envia um evento ao motor de regras do Webhook Manager.
// Requer Node.js 18 ou superior, sem dependências. Execute: node enviar-evento.mjs
// ${KEY_HELP}
// Antes de executar: export ${API_KEY_VARIABLE}='sua-chave'
const apiKey = process.env.${API_KEY_VARIABLE};
if (!apiKey) {
  console.error(${quoteString(MISSING_KEY)});
  process.exit(1);
}

const url = ${quoteString(url)};
const payload = ${literal(payload, 'javascript')};

try {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': apiKey },
    body: JSON.stringify(payload),
  });
  const body = await response.text();
  const output = response.ok ? console.log : console.error;
  output(\`HTTP \${response.status}\`);
  output(body);
  if (!response.ok) process.exit(1);
} catch (error) {
  console.error(\`Falha ao enviar: \${error.cause?.message ?? error.message}\`);
  process.exit(1);
}
`;
}

function renderPython(url: string, payload: unknown): string {
  return `# Envia um evento ao motor de regras do Webhook Manager.
# Requer Python 3, somente a biblioteca padrão. Execute: python3 enviar_evento.py
# ${KEY_HELP}
# Antes de executar: export ${API_KEY_VARIABLE}='sua-chave'
import json
import os
import sys
import urllib.error
import urllib.request

api_key = os.environ.get(${quoteString(API_KEY_VARIABLE)})
if not api_key:
    print(${quoteString(MISSING_KEY)}, file=sys.stderr)
    sys.exit(1)

url = ${quoteString(url)}
payload = ${literal(payload, 'python')}

request = urllib.request.Request(
    url,
    data=json.dumps(payload).encode("utf-8"),
    headers={"content-type": "application/json", "x-api-key": api_key},
    method="POST",
)
try:
    with urllib.request.urlopen(request, timeout=30) as response:
        print(f"HTTP {response.status}")
        print(response.read().decode("utf-8", "replace"))
except urllib.error.HTTPError as error:
    print(f"HTTP {error.code}", file=sys.stderr)
    print(error.read().decode("utf-8", "replace"), file=sys.stderr)
    sys.exit(1)
except (urllib.error.URLError, OSError) as error:
    print(f"Falha ao enviar: {getattr(error, 'reason', error)}", file=sys.stderr)
    sys.exit(1)
`;
}

function renderCurl(url: string, payload: unknown): string {
  // Line and paragraph separators are escaped too, so the text pasted is plain lines.
  const json = JSON.stringify(JSON.parse(safeJsonStringify(payload) || 'null'), null, 2)
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
  return `# Envia um evento ao motor de regras do Webhook Manager (bash, curl 7.76 ou superior).
# ${KEY_HELP}
# Antes de executar: export ${API_KEY_VARIABLE}='sua-chave'
curl --silent --show-error --fail-with-body --request POST ${shellQuote(url)} \\
  --header 'content-type: application/json' \\
  --header "x-api-key: \${${API_KEY_VARIABLE}:?${MISSING_KEY}}" \\
  --write-out '\\nHTTP %{http_code}\\n' \\
  --data-raw ${shellQuote(json)}
`;
}

function literal(payload: unknown, dialect: LiteralDialect): string {
  // Through JSON first: what is posted is exactly what JSON can carry (toJSON, undefined dropped).
  const json = safeJsonStringify(payload);
  return renderLiteral(json === '' ? null : JSON.parse(json), dialect);
}

/** A single-quoted bash word: nothing inside expands; `'` becomes `'\\''`. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", "'\\''")}'`;
}
