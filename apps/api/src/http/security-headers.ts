import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers on every answer (console, API, /docs), by helmet. Scripts only from this origin
 * and never inline; the console's build and Swagger UI load theirs as files. Inline styles stay
 * allowed: toasts and dialogs insert <style> elements at run time, and a style cannot run code. No
 * page may frame these (clickjacking); no upgrade-insecure-requests, so a plain HTTP start
 * (localhost, a LAN address) still loads its own files.
 */
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      baseUri: ["'self'"],
      // The processing test sends the rendered body from the browser to the subscriptions' own
      // targets, which may be any http(s) URL.
      connectSrc: ["'self'", 'http:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      imgSrc: ["'self'", 'data:'],
      objectSrc: ["'none'"],
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
    },
  },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'same-origin' },
};

/**
 * The headers helmet sets, computed once: they depend on no request (no nonces, no directive
 * functions). @fastify/helmet built the whole middleware again on every request, a few percent of
 * an emit's CPU.
 */
export function computeSecurityHeaders(options: HelmetOptions = HELMET_OPTIONS): Array<[string, string]> {
  const headers = new Map<string, string>();
  const response = {
    setHeader(name: string, value: string | number) {
      headers.set(name.toLowerCase(), String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  helmet(options)({} as never, response as never, () => {});
  return [...headers];
}

export async function registerSecurityHeaders(app: FastifyInstance) {
  const headers = computeSecurityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
