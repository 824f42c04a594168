import type { FastifyInstance } from 'fastify';
import { badRequest } from '../domain/errors';
import { describeJsonFlaw, findJsonFlaw } from '../domain/json-flaws';

/**
 * Every request's body, query and path parameters are checked before validation: one caller's
 * unstorable text or number must be its own 400, never a database error (that, in a group-committed
 * statement, would also fail the callers batched with it).
 */
export function registerJsonGuard(app: FastifyInstance) {
  // A callback hook, not an async one: no promise per request.
  app.addHook('preValidation', (request, _reply, done) => {
    for (const part of [request.body, request.query, request.params]) {
      // Raw bytes (an ingest URL's body) are not JSON yet: their reader checks what it parses.
      if (Buffer.isBuffer(part)) continue;
      const flaw = findJsonFlaw(part);
      if (!flaw) continue;
      const message = describeJsonFlaw(flaw);
      done(badRequest(message, [{ path: flaw.path, message }]));
      return;
    }
    done();
  });
}
