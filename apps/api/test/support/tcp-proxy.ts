import { connect, createServer, type Socket } from 'node:net';

export type TcpProxy = {
  port: number;
  /** Drops every open connection and refuses new ones (accepted, then reset at once). */
  cut(): void;
  /** Forwards new connections again. */
  restore(): void;
  close(): Promise<void>;
};

/**
 * A TCP proxy on 127.0.0.1 in front of `target`: a network path between a server and its
 * database that the test can break (an outage as the server sees it) and mend.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const open = new Set<Socket>();
  let isCut = false;
  const track = (socket: Socket) => {
    open.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => open.delete(socket));
  };
  const server = createServer((client) => {
    track(client);
    if (isCut) {
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('proxy has no port');
  const dropAll = () => {
    for (const socket of open) socket.resetAndDestroy();
  };
  return {
    port: address.port,
    cut() {
      isCut = true;
      dropAll();
    },
    restore() {
      isCut = false;
    },
    async close() {
      dropAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A proxy in front of the server `url` names (its port, else `defaultPort`), and `url` through it. */
export async function startUrlProxy(
  url: string,
  defaultPort: number,
): Promise<{ proxy: TcpProxy; url: string }> {
  const target = new URL(url);
  const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || defaultPort) });
  target.port = String(proxy.port);
  return { proxy, url: target.toString() };
}
