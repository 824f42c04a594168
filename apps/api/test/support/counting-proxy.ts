import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect as connectTcp } from 'node:net';

/** An HTTP CONNECT proxy on 127.0.0.1 that counts the tunnels it opens and the credentials sent. */
export type CountingProxy = {
  port: number;
  tunnels: Array<{ target: string; authorization: string | undefined }>;
  close(): Promise<void>;
};

export async function startCountingProxy(): Promise<CountingProxy> {
  const tunnels: CountingProxy['tunnels'] = [];
  const server: Server = createServer((_request, response) => response.writeHead(405).end());
  server.on('connect', (request, clientSocket, head) => {
    tunnels.push({ target: request.url ?? '', authorization: request.headers['proxy-authorization'] });
    const [host, port] = (request.url ?? '').split(':');
    const upstream = connectTcp(Number(port), host ?? '', () => {
      clientSocket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(clientSocket);
      clientSocket.pipe(upstream);
    });
    upstream.on('error', () => clientSocket.destroy());
    clientSocket.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    tunnels,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
