import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every answer (console, API, /docs), by @fastify/helmet. Scripts only from
 * this origin and never inline; the console's build and Swagger UI load theirs as files. Inline
 * styles stay allowed: toasts and dialogs insert <style> elements at run time, and a style cannot
 * run code. No page may frame these (clickjacking); no upgrade-insecure-requests, so a plain HTTP
 * start (localhost, a LAN address) still loads its own files.
 */
export async function registerSecurityHeaders(app: FastifyInstance) {
  await app.register(fastifyHelmet, {
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
  });
}
