// The emit benchmark's reference, run in its own process: the same framework (Fastify) answering
// the same request the way /v1/events/emit does (JSON body in, 202 with a small JSON body out),
// with no key check, database or delivery behind it.
import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.post('/v1/events/emit', async (request, reply) => {
  const body = request.body as { eventType?: string };
  reply.code(202);
  return { id: randomUUID(), eventType: body.eventType, deliveries: 1, ignored: 0 };
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`${JSON.stringify({ url: address })}\n`);
