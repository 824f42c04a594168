import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emitRulesUrl,
  type IntegrationLanguage,
  renderIntegrationCode,
  shellQuote,
} from './render-integration-code';
import { quoteString } from './render-literal';

type Received = { method?: string; url?: string; headers: IncomingHttpHeaders; body: string };

const dir = mkdtempSync(join(tmpdir(), 'wm-integration-code-'));
const received: Received[] = [];

function firstRequest(): Received {
  const [request] = received;
  if (!request) throw new Error('no request received');
  return request;
}
let status = 202;
let server: Server;
let baseUrl = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ method: request.method, url: request.url, headers: request.headers, body });
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify(status < 400 ? { data: { id: 'log-1' } } : { error: 'Chave inválida', code: 'X' }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

const FILES: Record<IntegrationLanguage, { file: string; command: string }> = {
  javascript: { file: 'enviar-evento.mjs', command: process.execPath },
  python: { file: 'enviar_evento.py', command: 'python3' },
  curl: { file: 'enviar-evento.sh', command: 'bash' },
};

/** Runs generated code as a user would, with only PATH and (maybe) the key in the environment. */
function run(language: IntegrationLanguage, code: string, apiKey: string | null) {
  const path = join(dir, FILES[language].file);
  writeFileSync(path, code);
  const env: Record<string, string> = { PATH: process.env.PATH ?? '/usr/bin:/bin' };
  if (apiKey !== null) env.WEBHOOK_MANAGER_API_KEY = apiKey;
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(FILES[language].command, [path], { env, timeout: 20_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? ((error.code as number | undefined) ?? 1) : 0, stdout, stderr });
    });
  });
}

/** Every character class that could break out of a string literal or a shell word. */
const HOSTILE = [
  `"double" 'single' \`back\` $HOME \${HOME} $(touch ${dir}/pwned) \`touch ${dir}/pwned2\``,
  'back\\slash \\" \\\' \\n end\\',
  'line\nbreak\r\ttab \u0000 nul \u2028 \u2029 \u0085 \ufeff',
  'ação ü 😀 中文 \ud800 lone',
  "'; echo injected; '",
  '"""\'\'\' """',
] as const;
const hostilePayload = {
  eventType: 'message.text.received',
  applicationId: 'app-1',
  data: {
    [HOSTILE[0]]: HOSTILE[1],
    [HOSTILE[2]]: [HOSTILE[3], HOSTILE[4], 1.5, -0.25, 1e21, true, false, null],
    nested: { [HOSTILE[5]]: { deep: HOSTILE[0] } },
    __proto__x: 1,
  },
};
// An own "__proto__" key, as JSON.parse would produce, must be posted as data.
const withProtoKey = JSON.parse('{"eventType":"t","applicationId":"a","data":{"__proto__":{"x":"y"}}}');

describe.each(['javascript', 'python', 'curl'] as const)('%s code', (language) => {
  it('When run with the key, then it posts the payload exactly, prints the answer and exits 0', async () => {
    status = 202;
    received.length = 0;
    const result = await run(
      language,
      renderIntegrationCode({ language, baseUrl, payload: hostilePayload }),
      'k-123',
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('HTTP 202');
    expect(result.stdout).toContain('{"data":{"id":"log-1"}}');
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'POST', url: '/v1/emit-rules' });
    expect(firstRequest().headers['x-api-key']).toBe('k-123');
    expect(firstRequest().headers['content-type']).toBe('application/json');
    expect(JSON.parse(firstRequest().body)).toEqual(JSON.parse(JSON.stringify(hostilePayload)));
    expect(existsSync(join(dir, 'pwned'))).toBe(false);
    expect(existsSync(join(dir, 'pwned2'))).toBe(false);
  });

  it('When the payload has an own __proto__ key, then it is posted as data', async () => {
    status = 202;
    received.length = 0;
    const result = await run(
      language,
      renderIntegrationCode({ language, baseUrl, payload: withProtoKey }),
      'k',
    );
    expect(result.code).toBe(0);
    expect(JSON.parse(firstRequest().body)).toEqual(withProtoKey);
    expect(Object.hasOwn(JSON.parse(firstRequest().body).data, '__proto__')).toBe(true);
  });

  it('When the server answers an error, then it prints the answer and exits non-zero', async () => {
    status = 403;
    received.length = 0;
    const result = await run(
      language,
      renderIntegrationCode({ language, baseUrl, payload: hostilePayload }),
      'bad',
    );
    expect(result.code).not.toBe(0);
    expect(`${result.stdout}${result.stderr}`).toContain('Chave inválida');
    expect(`${result.stdout}${result.stderr}`).toContain('403');
  });

  it('When the key is not set, then it says so, sends nothing and exits non-zero', async () => {
    received.length = 0;
    const result = await run(
      language,
      renderIntegrationCode({ language, baseUrl, payload: hostilePayload }),
      null,
    );
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('WEBHOOK_MANAGER_API_KEY');
    expect(received).toHaveLength(0);
  });

  it('When rendered, then it names where the key is and embeds no key', () => {
    const code = renderIntegrationCode({
      language,
      baseUrl: 'https://wm.example.com',
      payload: hostilePayload,
    });
    expect(code).toContain("'API Key'");
    expect(code).toContain('WEBHOOK_MANAGER_API_KEY');
    expect(code).toContain('https://wm.example.com/v1/emit-rules');
    expect(
      renderIntegrationCode({ language, baseUrl: 'https://wm.example.com', payload: hostilePayload }),
    ).toBe(code);
  });
});

describe('escaping helpers', () => {
  it('When a string is quoted, then JavaScript reads back the same string', () => {
    for (const text of HOSTILE) expect(new Function(`return ${quoteString(text)};`)()).toBe(text);
  });

  it('When a string is quoted, then no raw line terminator or control character remains', () => {
    const quoted = quoteString(HOSTILE[2]);
    const raw = [...quoted].filter((char) => {
      const code = char.charCodeAt(0);
      return (
        code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029 || code === 0xfeff
      );
    });
    expect(raw).toEqual([]);
    expect(quoted).toContain('\\u2028');
  });

  it('When a word is shell-quoted, then a single quote closes, escapes and reopens', () => {
    expect(shellQuote("it's $HOME")).toBe("'it'\\''s $HOME'");
  });

  it('When the base URL ends with slashes or spaces, then the path is not doubled', () => {
    expect(emitRulesUrl(' http://localhost:3333// ')).toBe('http://localhost:3333/v1/emit-rules');
  });
});
