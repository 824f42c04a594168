import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Config } from '../config';

/**
 * Fastify's server options against slow clients: a request whose headers, or whole body, take
 * longer than allowed is answered 408 and its connection closed. Node looks for such requests
 * every `connectionsCheckingInterval`, so that is kept well below the shortest timeout.
 */
export function serverTimeouts(config: Config) {
  return {
    requestTimeout: config.HTTP_REQUEST_TIMEOUT_MS,
    keepAliveTimeout: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    connectionTimeout: config.HTTP_CONNECTION_TIMEOUT_MS,
    http: {
      headersTimeout: config.HTTP_HEADERS_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(1_000, Math.ceil(config.HTTP_HEADERS_TIMEOUT_MS / 4)),
    },
  };
}

/**
 * Closes at once a connection beyond `maxPerAddress` open from one remote address, so one client
 * cannot hold every socket the process has. 0 means no limit.
 */
export function limitConnectionsPerAddress(server: Server, maxPerAddress: number) {
  if (maxPerAddress === 0) return;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = (open.get(address) ?? 0) + 1;
    if (count > maxPerAddress) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
