import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from './fixtures';

/**
 * An OAuth2 token endpoint on 127.0.0.1 for a whole spec file (client credentials, the secret in
 * Basic auth or in the form): a token for `clientId` with `clientSecret`, 401 invalid_client to any
 * other. Its `url` is set once it listens, so read it inside a test.
 */
export function useTokenServer(client: { clientId: string; clientSecret: string }) {
  const state = { url: '', issued: 0 };
  let close = async () => {};
  test.beforeAll(async () => {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
        const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? '')?.[1];
        // Basic: `id:secret`, each form-encoded first (RFC 6749 §2.3.1); the secret may hold a colon.
        const decoded = basic ? Buffer.from(basic, 'base64').toString('utf8') : null;
        const colon = decoded?.indexOf(':') ?? -1;
        const [id, secret] =
          decoded !== null && colon >= 0
            ? [decoded.slice(0, colon), decoded.slice(colon + 1)].map(decodeURIComponent)
            : [form.get('client_id'), form.get('client_secret')];
        response.setHeader('content-type', 'application/json');
        if (id !== client.clientId || secret !== client.clientSecret) {
          response.writeHead(401).end(JSON.stringify({ error: 'invalid_client' }));
          return;
        }
        state.issued += 1;
        response
          .writeHead(200)
          .end(JSON.stringify({ access_token: `token-e2e-${state.issued}`, expires_in: 3600 }));
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/oauth/token`;
    close = () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      });
  });
  test.afterAll(() => close());
  return state;
}
