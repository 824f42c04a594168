import type { Logger } from 'pino';
import type { Config } from './config';
import type { Database, DatabaseHandle } from './db/client';
import type { LocalChanges } from './db/local-changes';
import type { DeliveryWakes } from './delivery/delivery-wakes';
import type { OAuth2Tokens } from './delivery/oauth2-tokens';
import type { Clock } from './lib/clock';
import type { Cipher } from './lib/crypto';
import type { Lifecycle } from './lib/lifecycle';
import type { Metrics } from './lib/metrics';
import type { RateLimiter } from './lib/rate-limiter';
import type { Tracing } from './lib/tracing';
import type { EmitRecorder, EmitTargets } from './modules/emit/emit-dependencies';
import type { RulesSchemas } from './modules/emit-rules/emit-rules-dependencies';
import type { IngestTargets } from './modules/ingest/ingest-dependencies';
import type { RulesCache } from './pipeline/rules-dependencies';
import type { Queue } from './queue/types';

/** Everything a use case needs, passed in so tests run the same code on either backend. */
export type AppContext = {
  config: Config;
  database: DatabaseHandle;
  db: Database;
  cipher: Cipher;
  /** Every "now" of the app; SQL takes it as a parameter, never the database's clock. */
  clock: Clock;
  logger: Logger;
  metrics: Metrics;
  /** Spans of emits, deliveries, queue messages and rule runs; records nothing unless configured. */
  tracing: Tracing;
  /** Named checks behind /readyz; modules that own a connection add theirs at start. */
  readinessChecks: Map<string, () => Promise<void>>;
  /** This process's listeners of the change channels (its caches), created with the context. */
  localChanges: LocalChanges;
  /** This process's delivery worker and its wake-ups, created with the context. */
  deliveryWakes: DeliveryWakes;
  /** This process's cache of what emits fan out to (it listens from the first emit). */
  emitTargets: EmitTargets;
  /** This process's group-commit writer of emits and the lease owner it writes as. */
  emitRecorder: EmitRecorder;
  /** This process's cache of the routes by ingest token (it listens from the first ingest request). */
  ingestTargets: IngestTargets;
  /** This process's cache of the compiled rules per (application, alias) (it listens from the first run). */
  rulesCache: RulesCache;
  /** This process's cache of the route event type schemas /v1/emit-rules checks (it listens from the first call). */
  rulesSchemas: RulesSchemas;
  /** This process's budget of each portal session (PORTAL_RATE_LIMIT_PER_MINUTE), on `clock`. */
  portalRateLimiter: RateLimiter;
  /** This process's OAuth2 access tokens, one per subscription, shared by its deliveries. */
  oauth2Tokens: OAuth2Tokens;
  /** Stops the dependencies above that the context built, in the reverse of their start (`stopContext`). */
  lifecycle: Lifecycle;
  /** Queue of RABBITMQ events (RabbitMQ or the database table); consumed by the workers. */
  queue?: Queue;
};
