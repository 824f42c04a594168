/** How long a PostgreSQL caller waits: for a connection, and for the answer to one query. */
export type PostgresTimeouts = { connectTimeoutMs: number; queryTimeoutMs: number };

/**
 * Without these, a server that stops answering (a network partition, a dead host that sends no
 * RST) leaves every caller waiting forever. Keep-alive probes start after 10 s of silence: the
 * operating system's default is two hours.
 */
export const connectionOptions = (url: string, timeouts: PostgresTimeouts) => ({
  connectionString: url,
  connectionTimeoutMillis: timeouts.connectTimeoutMs,
  keepAlive: true,
  keepAliveInitialDelayMillis: 10_000,
});
