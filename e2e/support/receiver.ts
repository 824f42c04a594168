import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test } from './fixtures';

export type ReceiverAnswer = { status: number; headers?: Record<string, string>; body?: string };

/**
 * A webhook receiver on 127.0.0.1. `answerTo` picks the answer from the request path once the body
 * is read; the answer is JSON unless its headers say otherwise.
 */
export async function startReceiver(answerTo: (path: string) => ReceiverAnswer) {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      const answer = answerTo(request.url ?? '/');
      response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      response.end(answer.body ?? '{}');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

/**
 * One receiver for a whole spec file: started before its first test, closed after its last. Its
 * `url` is set once the receiver listens, so read it inside a test.
 */
export function useReceiver(answerTo: (path: string) => ReceiverAnswer): { url: string } {
  const receiver = { url: '' };
  let close = async () => {};
  test.beforeAll(async () => {
    const started = await startReceiver(answerTo);
    receiver.url = started.url;
    close = started.close;
  });
  test.afterAll(() => close());
  return receiver;
}
