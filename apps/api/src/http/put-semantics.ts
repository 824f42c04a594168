import type { FastifyInstance, FastifyRequest } from 'fastify';

const SENT_KEYS = Symbol('sentKeys');
type WithSentKeys = FastifyRequest & { [SENT_KEYS]?: Set<string> };

/** A parsed JSON object; raw bytes (an ingest URL's body) are not one. */
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !Buffer.isBuffer(value);

/**
 * The one rule of every PUT: a field absent from the body keeps its stored value; null clears it
 * where the field may be empty (elsewhere the schema answers 400). The keys the client sent are
 * noted before validation, and after it the parsed body keeps only those: a schema's defaults and
 * transforms can then never turn an absent field into a value that overwrites the stored one.
 * Services read "absent" as undefined (Drizzle's `set` skips it) or test it with `isSent`.
 */
export function registerPutSemantics(app: FastifyInstance) {
  // On PUT routes only: every other request (an emit above all) runs no hook of this rule.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes('PUT')) return;
    route.preValidation = [noteSentKeys, ...asList(route.preValidation)];
    route.preHandler = [keepSentKeys, ...asList(route.preHandler)];
  });
}

const asList = <T>(hooks: T | T[] | undefined): T[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

async function noteSentKeys(request: WithSentKeys) {
  if (request.method !== 'PUT' || !isPlainObject(request.body)) return;
  request[SENT_KEYS] = new Set(Object.keys(request.body));
}

async function keepSentKeys(request: WithSentKeys) {
  const sent = request[SENT_KEYS];
  if (!sent || !isPlainObject(request.body)) return;
  request.body = Object.fromEntries(Object.entries(request.body).filter(([key]) => sent.has(key)));
}
