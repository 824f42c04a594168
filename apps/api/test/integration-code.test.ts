import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Receiver, startReceiver } from './support/delivery-fixtures';
import { type ServerProcess, spawnServer, stopServer } from './support/server-process';
import { openTestDatabase, testBackend } from './support/test-database';
import { deleteTestQueue, queueBackend, TEST_RABBITMQ_URL, uniqueQueueName } from './support/test-queue';
import { waitFor } from './support/wait-for';

const ADMIN = { email: 'integracao@test.local', password: 'integracao-secret-1' };
const ALIAS = 'pedido.criado';
/** Values with quotes, `$`, backticks, backslashes and non-ASCII: the generated code must carry them intact. */
const TRICKY_VALUE = 'it\'s "$HOME" `uname` \\ ação';

// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON answers
type Answer = { status: number; headers: Headers; body: any };

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Runs a generated program as a user would, the API key in the environment; its exit code and output. */
function runAsUser(command: string, args: string[], apiKey: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(command, args, {
      env: { PATH: process.env.PATH ?? '', HOME: tmpdir(), WEBHOOK_MANAGER_API_KEY: apiKey },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

const RUNNERS = {
  javascript: (dir: string, code: string, apiKey: string) => {
    const file = join(dir, 'enviar-evento.mjs');
    writeFileSync(file, code);
    return runAsUser(process.execPath, [file], apiKey);
  },
  python: (dir: string, code: string, apiKey: string) => {
    const file = join(dir, 'enviar_evento.py');
    writeFileSync(file, code);
    return runAsUser('python3', [file], apiKey);
  },
  curl: (_dir: string, code: string, apiKey: string) => runAsUser('bash', ['-c', code], apiKey),
} as const;

describe(`generated integration code run against a live server (${testBackend}, ${queueBackend} queue)`, () => {
  let server: ServerProcess;
  let receiver: Receiver;
  let dir: string;
  let token: string;
  let strangerToken: string;
  let app: { id: string; apiKey: string };
  let route: { id: string };
  let rule: { id: string };
  let subscriptionSecret: string;

  const call = async (
    method: string,
    path: string,
    options: { body?: unknown; token?: string | null; headers?: Record<string, string> } = {},
  ): Promise<Answer> => {
    const headers: Record<string, string> = { ...options.headers };
    const bearer = options.token === undefined ? token : options.token;
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
  };
  const created = async (path: string, body: unknown) => {
    const answer = await call('POST', path, { body });
    if (answer.status !== 201)
      throw new Error(`POST ${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
    return answer.body.data;
  };
  const login = async (email: string, password: string) =>
    (await call('POST', '/v1/auth/login', { body: { email, password }, token: null })).body.token as string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'wm-integration-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    receiver = await startReceiver();
    cleanups.push(() => receiver.close());
    const queueName = uniqueQueueName('wm-integration');
    cleanups.push(() => deleteTestQueue(queueName));
    const env: Record<string, string> = {
      DATA_DIR: dir,
      SECRET_KEY: 'integration-code-secret-key-32-characters!',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ALLOW_PRIVATE_TARGETS: 'true',
      QUEUE_NAME: queueName,
      QUEUE_POLL_MS: '20',
      DELIVERY_POLL_MS: '50',
    };
    if (queueBackend === 'rabbitmq') env.RABBITMQ_URL = TEST_RABBITMQ_URL;
    if (testBackend === 'postgres') {
      const database = await openTestDatabase();
      env.DATABASE_URL = database.url as string;
      cleanups.push(() => database.close());
    }
    server = await spawnServer(env);
    cleanups.push(() => stopServer(server));

    token = await login(ADMIN.email, ADMIN.password);
    await created('/v1/admin/users', {
      name: 'Estranho',
      email: 'estranho@test.local',
      password: 'estranho-secret-1',
    });
    strangerToken = await login('estranho@test.local', 'estranho-secret-1');

    app = await created('/v1/applications', { name: 'Loja' });
    const event = await created('/v1/events', {
      applicationId: app.id,
      name: 'Pedido urgente',
      alias: 'pedido.urgente',
    });
    const subscription = await created('/v1/subscriptions', {
      eventId: event.id,
      name: 'Receptor',
      targetUrl: `${receiver.url}/regra`,
      jsonBody: '"#data#"',
    });
    subscriptionSecret = subscription.secret;

    route = await created('/v1/routes', { applicationId: app.id, name: 'Pedidos', endpoint: '/pedidos' });
    const eventType = await created('/v1/route-event-types', {
      routeId: route.id,
      name: 'Pedido criado',
      alias: ALIAS,
    });
    for (const [path, type] of [
      ['data.mensagem.texto', 'string'],
      ['data.pedido.total', 'number'],
      ['data.cliente.telefone', 'string'],
      ['data.observação', 'string'],
      ['data.itens', 'array'],
    ]) {
      await created('/v1/route-fields', { routeId: route.id, name: path, type, path });
    }
    rule = await created('/v1/event-rules', {
      name: 'Pedido urgente',
      applicationId: app.id,
      routeId: route.id,
      routeEventTypeId: eventType.id,
      eventId: event.id,
      conditions: {
        logic: 'AND',
        rules: [
          {
            field: 'data.mensagem.texto',
            operator: 'CONTAINS_ANY',
            values: ['urgente'],
            caseSensitive: false,
          },
          { field: 'data.pedido.total', operator: 'GREATER_THAN', values: ['100'], caseSensitive: false },
          {
            field: 'data.cliente.telefone',
            operator: 'REGEX',
            values: ['^\\+55\\d{11}$'],
            caseSensitive: false,
          },
          { field: 'data.observação', operator: 'EQUALS', values: [TRICKY_VALUE], caseSensitive: true },
        ],
      },
    });
  });

  const eventLogIdIn = (output: string) => /"eventLogId"\s*:\s*"([0-9a-f-]{36})"/.exec(output)?.[1];

  const settledLog = (eventLogId: string) =>
    waitFor(
      async () => {
        const answer = await call('GET', `/v1/rabbitmq/events/${eventLogId}`);
        return answer.status === 200 && ['SUCCESS', 'FAILED'].includes(answer.body.data.status)
          ? answer.body.data
          : null;
      },
      20_000,
      'the event log to settle',
    );

  for (const language of ['javascript', 'python', 'curl'] as const) {
    it(`When the route's ${language} code is run as a user would, then it exits 0 and the event log has the alias`, async () => {
      const answer = await call('GET', `/v1/integration/routes/${route.id}/code?language=${language}`);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.body.data.language).toBe(language);
      expect(answer.body.data.code).toContain(`${server.url}/v1/emit-rules`);
      expect(answer.body.data.code).not.toContain(app.apiKey);

      const run = await RUNNERS[language](dir, answer.body.data.code, app.apiKey);
      expect(run.code, run.stderr).toBe(0);
      const eventLogId = eventLogIdIn(run.stdout);
      expect(eventLogId, run.stdout).toBeDefined();
      const log = await settledLog(eventLogId as string);
      expect(log).toMatchObject({ status: 'SUCCESS', eventType: ALIAS });
    }, 60_000);

    it(`When the rule's ${language} code is run, then the rule fires: its execution succeeds and the receiver gets the signed data`, async () => {
      const [code, sample] = await Promise.all([
        call('GET', `/v1/integration/rules/${rule.id}/code?language=${language}`),
        call('GET', `/v1/integration/rules/${rule.id}/payload`),
      ]);
      expect(code.status).toBe(200);
      expect(sample.body.data).toMatchObject({ isMatching: true, problems: [] });
      const deliveredBefore = receiver.requests.length;

      const run = await RUNNERS[language](dir, code.body.data.code, app.apiKey);
      expect(run.code, run.stderr).toBe(0);
      const eventLogId = eventLogIdIn(run.stdout) as string;
      expect(await settledLog(eventLogId)).toMatchObject({ status: 'SUCCESS', eventType: ALIAS });

      const execution = await waitFor(
        async () => {
          const executions = await call('GET', `/v1/event-rules/${rule.id}/executions?limit=100`);
          return executions.body.data.find((item: { eventLogId: string }) => item.eventLogId === eventLogId);
        },
        20_000,
        'the rule execution',
      );
      expect(execution).toMatchObject({ success: true, errorMessage: null });

      const delivered = await waitFor(() => receiver.requests[deliveredBefore], 20_000, 'the delivery');
      const verified = new Webhook(subscriptionSecret).verify(
        delivered.body,
        delivered.headers as Record<string, string>,
      );
      expect(verified).toEqual(sample.body.data.payload.data);
      expect((verified as { observação: string }).observação).toBe(TRICKY_VALUE);
    }, 60_000);
  }

  it('When the code is generated without a key in the environment, then running it fails and says which variable to set', async () => {
    const answer = await call('GET', `/v1/integration/routes/${route.id}/code?language=python`);
    const run = await RUNNERS.python(dir, answer.body.data.code, '');
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('WEBHOOK_MANAGER_API_KEY');
  });

  it('When the route payload is read, then it is the emit envelope with a sample of every active field', async () => {
    const answer = await call('GET', `/v1/integration/routes/${route.id}/payload`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body.data.payload).toMatchObject({ eventType: ALIAS, applicationId: app.id });
    expect(Object.keys(answer.body.data.payload.data).sort()).toEqual(
      ['cliente', 'itens', 'mensagem', 'observação', 'pedido'].sort(),
    );
    expect(answer.body.data.fields.map((field: { path: string }) => field.path)).toContain(
      'data.pedido.total',
    );
  });

  it('When the routes of the application are listed, then each comes with its active event types and fields', async () => {
    const answer = await call('GET', `/v1/integration/routes?applicationId=${app.id}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(answer.body.data).toHaveLength(1);
    expect(answer.body.data[0]).toMatchObject({ id: route.id, name: 'Pedidos', endpoint: '/pedidos' });
    expect(answer.body.data[0].eventTypes.map((item: { alias: string }) => item.alias)).toEqual([ALIAS]);
    expect(answer.body.data[0].fields).toHaveLength(5);
  });

  it('When the language is unknown, then 400 in Portuguese, not cached', async () => {
    for (const path of [`/v1/integration/routes/${route.id}/code`, `/v1/integration/rules/${rule.id}/code`]) {
      const answer = await call('GET', `${path}?language=ruby`);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe('Linguagem inválida: use javascript, python, curl');
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('When someone outside the application asks, then every integration answer is 404 and not cached', async () => {
    for (const path of [
      `/v1/integration/routes?applicationId=${app.id}`,
      `/v1/integration/routes/${route.id}/code`,
      `/v1/integration/routes/${route.id}/payload`,
      `/v1/integration/rules/${rule.id}/code`,
      `/v1/integration/rules/${rule.id}/payload`,
    ]) {
      const answer = await call('GET', path, { token: strangerToken });
      expect(answer.status, path).toBe(404);
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('When the console sends its Origin, then the code posts there; a malformed Origin is never reflected', async () => {
    const path = `/v1/integration/routes/${route.id}/code?language=curl`;
    const fromConsole = await call('GET', path, { headers: { origin: 'https://console.example.com:8443' } });
    expect(fromConsole.body.data.code).toContain("'https://console.example.com:8443/v1/emit-rules'");
    const hostile = await call('GET', path, { headers: { origin: "https://x.com/'; rm -rf ~; echo '" } });
    expect(hostile.body.data.code).not.toContain('rm -rf');
    expect(hostile.body.data.code).toContain(`'${server.url}/v1/emit-rules'`);
  });
});
