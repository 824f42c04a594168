import { hostname } from 'node:os';
import { resolve } from 'node:path';
import { ZPassword } from '@wm/contracts';
import { z } from 'zod';
import type { TraceExport } from './lib/tracing';

const boolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'use true ou false' })
  .transform((value) => ['true', '1', 'yes'].includes(value));

const msList = z
  .string()
  .regex(/^\d+(,\d+)*$/, { error: 'use milissegundos separados por vírgula, ex.: 10000,60000' })
  .transform((value) => value.split(',').map(Number));

/**
 * Plain decimal digits only: `Number()` would also take `1e3`, `0x10` and `" 80 "`, and read a
 * typo as a setting nobody meant.
 */
const integer = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z
    .string()
    .regex(/^\d+$/, { error: 'use um número inteiro, só com dígitos, ex.: 30000' })
    .transform(Number)
    .pipe(
      z
        .number()
        .min(min, { error: `deve ser no mínimo ${min}` })
        .max(max, { error: `deve ser no máximo ${max}` }),
    );

const positiveDecimal = z
  .string()
  .regex(/^\d+(\.\d+)?$/, { error: 'use um número com ponto decimal, ex.: 0.5' })
  .transform(Number)
  .pipe(z.number().positive({ error: 'deve ser maior que 0' }));

const otlpProtocol = z.enum(['http/protobuf', 'http/json'], {
  error: 'use http/protobuf ou http/json (gRPC não é suportado)',
});

const ZEnv = z
  .object({
    PORT: integer(0, 65535).default(3333),
    HOST: z.string().default('0.0.0.0'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, { error: 'deve começar com postgres://' })
      .optional(),
    DATA_DIR: z.string().default('./data'),
    RABBITMQ_URL: z
      .string()
      .regex(/^amqps?:\/\//, { error: 'deve começar com amqp://' })
      .optional(),
    PUBLIC_URL: z.url({ error: 'deve ser uma URL' }).optional(),
    SECRET_KEY: z.string().min(32, { error: 'deve ter pelo menos 32 caracteres' }).optional(),
    ADMIN_EMAIL: z.email({ error: 'deve ser um e-mail' }).optional(),
    /** The first admin's password follows the one password policy, as every account's does. */
    ADMIN_PASSWORD: ZPassword.optional(),
    ALLOW_PRIVATE_TARGETS: boolean.default(false),
    /**
     * Deliveries, callbacks and test sends leave through this HTTP(S) proxy (CONNECT tunnels),
     * `http://user:password@proxy:3128`: sent from the proxy's fixed addresses. Never logged.
     */
    OUTBOUND_PROXY_URL: z
      .string()
      .regex(/^https?:\/\//i, { error: 'deve começar com http:// ou https://' })
      .refine((value) => URL.canParse(value), { error: 'deve ser uma URL' })
      .optional(),
    /** Hosts sent to directly, not through OUTBOUND_PROXY_URL: `a.com,.b.com` (a leading dot: its subdomains too). */
    OUTBOUND_PROXY_EXCLUDE: z
      .string()
      .default('')
      .transform((value) =>
        value
          .split(',')
          .map((host) => host.trim().toLowerCase())
          .filter((host) => host !== ''),
      ),
    /** Set: /metrics answers only to `Authorization: Bearer <token>` (Prometheus' bearer_token). */
    METRICS_TOKEN: z.string().min(16, { error: 'deve ter pelo menos 16 caracteres' }).optional(),
    /** false: /docs and /docs/json answer only to a signed-in session. */
    DOCS_PUBLIC: boolean.default(true),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ROLE: z.enum(['api', 'worker', 'all']).default('all'),
    CONSOLE_DIR: z.string().optional(),
    SESSION_TTL_HOURS: positiveDecimal.default(24 * 7),
    /** Failed sign-ins within the window for one e-mail from one address (guessing from one place). */
    LOGIN_MAX_FAILURES_PER_IP: integer(1).default(10),
    /** Failed sign-ins within the window for one e-mail from all addresses (guessing spread over many). */
    LOGIN_MAX_FAILURES_PER_ACCOUNT: integer(1).default(50),
    /** The window the failed sign-ins are counted over. */
    LOGIN_FAILURE_WINDOW_MINUTES: integer(1, 24 * 60).default(15),
    BODY_LIMIT_BYTES: integer(1).default(1_048_576),
    /** Largest body a route's ingest URL accepts (413 above). */
    INGEST_BODY_LIMIT_BYTES: integer(1).default(1_048_576),
    /** Requests one route's ingest URL takes per minute in each API process (429 above); 0 = no limit. */
    INGEST_RATE_LIMIT_PER_MINUTE: integer(0).default(6_000),
    /** Requests one portal session makes per minute in each API process (429 above); 0 = no limit. */
    PORTAL_RATE_LIMIT_PER_MINUTE: integer(0).default(600),
    /** Slow clients: a request's headers must arrive within this. */
    HTTP_HEADERS_TIMEOUT_MS: integer(1).default(10_000),
    /** Slow clients: the whole request, with its body, must arrive within this. */
    HTTP_REQUEST_TIMEOUT_MS: integer(1).default(30_000),
    /** A kept-alive connection idle this long is closed. */
    HTTP_KEEP_ALIVE_TIMEOUT_MS: integer(1).default(72_000),
    /** Any connection silent this long is closed. */
    HTTP_CONNECTION_TIMEOUT_MS: integer(1).default(120_000),
    /** Open connections one client address may hold; 0 = no limit. */
    HTTP_MAX_CONNECTIONS_PER_IP: integer(0).default(256),
    DATABASE_POOL_SIZE: integer(1, 200).default(20),
    /** PostgreSQL: longest wait for a connection. */
    DATABASE_CONNECT_TIMEOUT_MS: integer(1).default(5_000),
    /** PostgreSQL: longest wait for the answer to one query. */
    DATABASE_QUERY_TIMEOUT_MS: integer(1).default(30_000),
    /** Delays before retry 1, 2, 3, …; the last one repeats. */
    DELIVERY_RETRY_DELAYS_MS: msList.default([10_000, 60_000, 600_000, 3_600_000]),
    DELIVERY_TIMEOUT_MS: integer(1).default(30_000),
    DELIVERY_CONCURRENCY: integer(1, 1000).default(256),
    DELIVERY_BATCH_SIZE: integer(1, 1000).default(100),
    DELIVERY_LEASE_MS: integer(1).default(60_000),
    /**
     * Days the logs are kept when no admin has set the period in the database (the stored value
     * wins); unfinished deliveries and logs are kept past it until they end.
     */
    RETENTION_DAYS: integer(1, 3650).default(30),
    DELIVERY_POLL_MS: integer(1).default(500),
    DELIVERY_SWEEP_MS: integer(1).default(1_000),
    /**
     * Isolation: the share of the send slots (DELIVERY_CONCURRENCY, and QUEUE_CONCURRENCY for the
     * queue consumer) one target host may hold while others wait, in percent.
     */
    DELIVERY_ENDPOINT_SHARE: integer(1, 100).default(25),
    /** Failed attempts in a row that open a subscription's circuit. */
    DELIVERY_CIRCUIT_FAILURES: integer(1).default(10),
    /** An open circuit's first cool-down; it doubles with each opening in a row, up to the max. */
    DELIVERY_CIRCUIT_COOLDOWN_MS: integer(1).default(30_000),
    /** The longest cool-down of an open circuit, however many openings in a row. */
    DELIVERY_CIRCUIT_MAX_COOLDOWN_MS: integer(1).default(600_000),
    /** A circuit open this long, its probes failing, disables its subscription (72 hours). */
    DELIVERY_DISABLE_AFTER_MS: integer(1).default(72 * 3_600_000),
    /** How often a worker turns new operational events into notifications. */
    OPERATIONAL_EVENTS_POLL_MS: integer(1).default(2_000),
    /** Queue of RABBITMQ events: its name on the broker (or in the database table). */
    QUEUE_NAME: z.string().min(1).default('wm.events'),
    /** Queue of RABBITMQ events: messages processed at once per process. */
    QUEUE_CONCURRENCY: integer(1, 1000).default(64),
    /** Database queue: a claimed message returns after this long without an answer. */
    QUEUE_LEASE_MS: integer(1).default(60_000),
    /** Database queue: how often an idle consumer looks for messages. */
    QUEUE_POLL_MS: integer(1).default(100),
    /**
     * A PENDING event log untouched this long is published again (its first publish may have been
     * lost). Default: twice QUEUE_LEASE_MS, past which a message held by a dead consumer is back anyway.
     */
    QUEUE_REPUBLISH_AFTER_MS: integer(1).optional(),
    /** A paced message whose slot is further away than this is put back instead of holding a worker. */
    QUEUE_PACING_MAX_WAIT_MS: integer(0).default(5_000),
    /** A message of a paused event comes back after this long to see whether the event runs again. */
    QUEUE_PAUSED_RECHECK_MS: integer(1).default(5_000),
    /**
     * This process's workers' name, the same after a restart: a restarted worker takes back at once
     * the leases its previous incarnation held (instead of waiting for them to expire). Default: the
     * host name, the role and DATA_DIR; give each worker process on one host its own.
     */
    WORKER_ID: z.string().min(1).max(200).optional(),
    /** Rules that may be active for one (application, event type). */
    RULES_MAX_ACTIVE_PER_ALIAS: integer(1).default(200),
    /** Rules that may exist in one application. */
    RULES_MAX_PER_APPLICATION: integer(1).default(1_000),
    /** The longest text (UTF-16 characters) a REGEX condition scans; a longer one does not match. */
    RULES_REGEX_MAX_TEXT_LENGTH: integer(1).default(65_536),
    /** One rules evaluation (one emit-rules call) stops, and its event log fails, past this much evaluation time. */
    RULES_EVALUATION_BUDGET_MS: integer(1).default(2_000),
    /** One rules evaluation stops, and its event log fails, past this many characters scanned by its text conditions. */
    RULES_EVALUATION_MAX_SCANNED: integer(1).default(64 * 1024 * 1024),
    /**
     * OpenTelemetry tracing runs only with an endpoint. These decide whether and where traces go;
     * the standard's other OTEL_* variables are read by the SDK itself (see tracing-sdk.ts).
     */
    OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ error: 'deve ser uma URL' }).optional(),
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.url({ error: 'deve ser uma URL' }).optional(),
    OTEL_EXPORTER_OTLP_PROTOCOL: otlpProtocol.default('http/protobuf'),
    OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: otlpProtocol.optional(),
    OTEL_SDK_DISABLED: boolean.default(false),
  })
  .refine((env) => env.HTTP_HEADERS_TIMEOUT_MS <= env.HTTP_REQUEST_TIMEOUT_MS, {
    error: 'deve ser no máximo HTTP_REQUEST_TIMEOUT_MS',
    path: ['HTTP_HEADERS_TIMEOUT_MS'],
  });

type Env = z.output<typeof ZEnv>;

/** `traceExport`: where spans go, or null (tracing off). */
export type Config = Omit<Env, 'QUEUE_REPUBLISH_AFTER_MS'> & {
  QUEUE_REPUBLISH_AFTER_MS: number;
  role: 'api' | 'worker' | 'all';
  traceExport: TraceExport | null;
  /** WORKER_ID, or its default: what the leases of this process's workers are named after. */
  workerName: string;
};

/**
 * The traces endpoint as the OTLP exporter specification reads the variables: the signal's own URL
 * as given, else the base URL with `v1/traces` appended.
 */
function readTraceExport(env: Env): TraceExport | null {
  if (env.OTEL_SDK_DISABLED) return null;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT;
  const url =
    env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? (base ? `${base.replace(/\/+$/, '')}/v1/traces` : undefined);
  if (!url) return null;
  return { url, protocol: env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL };
}

export class ConfigError extends Error {}

/**
 * The only reader of the environment. `--role api|worker|all` on the command
 * line wins over ROLE.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, argv: string[] = process.argv): Config {
  // An empty variable (`PORT=` in a .env file or a compose list) means unset, so the default applies.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = ZEnv.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Configuração inválida:\n${lines.join('\n')}`);
  }
  const roleIndex = argv.indexOf('--role');
  const role = roleIndex >= 0 ? argv[roleIndex + 1] : parsed.data.ROLE;
  if (role !== 'api' && role !== 'worker' && role !== 'all') {
    throw new ConfigError(`Configuração inválida:\n  --role: use api, worker ou all (recebido ${role})`);
  }
  return {
    ...parsed.data,
    role,
    traceExport: readTraceExport(parsed.data),
    QUEUE_REPUBLISH_AFTER_MS: parsed.data.QUEUE_REPUBLISH_AFTER_MS ?? 2 * parsed.data.QUEUE_LEASE_MS,
    workerName: parsed.data.WORKER_ID ?? `${hostname()}:${role}:${resolve(parsed.data.DATA_DIR)}`,
  };
}

/**
 * A variable named on a tool's command line (e.g. the old key of `rotate-secret-key --from-env
 * OLD_SECRET_KEY`): read from the environment, so the secret never shows in a process list.
 */
export function readNamedVariable(name: string, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const value = env[name];
  return value === '' ? undefined : value;
}

/** Config for tests and tools: defaults plus the given overrides, never the process environment. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ LOG_LEVEL: 'silent', ALLOW_PRIVATE_TARGETS: 'true', ...overrides }, []);
}
