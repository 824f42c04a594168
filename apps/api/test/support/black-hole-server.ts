import { createServer, type Socket } from 'node:net';

/**
 * A TCP server on 127.0.0.1 that accepts connections and never answers: a database (or a broker)
 * behind a network partition, as a client sees it. `url` is a PostgreSQL URL to it.
 */
export async function startBlackHoleServer(): Promise<{
  url: string;
  port: number;
  /** Connections open now, and the most open at once so far. */
  connections(): number;
  peakConnections(): number;
  close(): Promise<void>;
}> {
  const sockets = new Set<Socket>();
  let peak = 0;
  const server = createServer((socket) => {
    sockets.add(socket);
    peak = Math.max(peak, sockets.size);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('black hole server has no port');
  return {
    url: `postgres://postgres@127.0.0.1:${address.port}/unreachable`,
    port: address.port,
    connections: () => sockets.size,
    peakConnections: () => peak,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
