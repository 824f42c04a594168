import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../src/http/errors';
import { isDatabaseUnavailable } from '../src/lib/db-errors';
import { freePort } from './support/server-process';

// A PostgreSQL address nobody listens on: every connection is refused, as during an outage.
let pool: pg.Pool;

beforeAll(async () => {
  pool = new pg.Pool({
    host: '127.0.0.1',
    port: await freePort(),
    user: 'postgres',
    connectionTimeoutMillis: 2_000,
  });
  pool.on('error', () => {});
});

afterAll(async () => {
  await pool.end();
});

describe('a database that cannot be reached', () => {
  it('When a query cannot get a connection, then the error is seen as the database being unavailable', async () => {
    const failure = await pool.query('SELECT 1').catch((error: unknown) => error);
    expect(isDatabaseUnavailable(failure)).toBe(true);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable({ code: '23505', message: 'duplicate key' })).toBe(false);
  });

  it('When a route fails for that reason, then it answers 503 in pt-BR with Retry-After, not 500', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/probe', async () => (await pool.query('SELECT 1')).rows);
    try {
      const response = await app.inject({ method: 'GET', url: '/probe' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json()).toEqual({
        error: 'Serviço temporariamente indisponível; tente novamente em instantes',
        code: 'SERVICE_UNAVAILABLE',
      });
    } finally {
      await app.close();
    }
  });
});
