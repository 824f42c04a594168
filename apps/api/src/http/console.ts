import { existsSync, statSync } from 'node:fs';
import { resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppContext } from '../context';

const DEFAULT_CONSOLE_DIR = fileURLToPath(new URL('../../../console/dist', import.meta.url));
const API_PREFIXES = ['/v1/', '/docs/'];
const IMMUTABLE = 'public, max-age=31536000, immutable';

function isApiPath(pathname: string) {
  return (
    pathname === '/v1' || pathname === '/docs' || API_PREFIXES.some((prefix) => pathname.startsWith(prefix))
  );
}

function findFile(root: string, pathname: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  // Dot-folders (the build manifest in .vite/) are not part of the site.
  if (decoded.split('/').some((segment) => segment.startsWith('.'))) return null;
  const filePath = resolve(root, `.${decoded}`);
  if (!filePath.startsWith(root + sep)) return null;
  try {
    return statSync(filePath).isFile() ? filePath.slice(root.length + 1) : null;
  } catch {
    return null;
  }
}

function sendIndex(reply: FastifyReply, page = 'index.html') {
  return reply.header('cache-control', 'no-cache').sendFile(page, { cacheControl: false });
}

/** The consumers' portal, a page of its own (portal.html) at /portal/<application id>. */
const isPortalPath = (pathname: string) => pathname === '/portal' || pathname.startsWith('/portal/');

/** The `frame-ancestors` sources of an application's portal page (its allowed origins, or 'none'). */
export type PortalFrameAncestors = (applicationId: string) => Promise<string>;

/**
 * The portal page of an application may be framed only by the origins it allows; without an
 * application in the path, by none. The browser enforces it.
 */
async function sendPortal(reply: FastifyReply, pathname: string, frameAncestors: PortalFrameAncestors) {
  const applicationId = pathname.split('/')[2] ?? '';
  const sources = applicationId ? await frameAncestors(applicationId) : "'none'";
  reply.header('content-security-policy', `frame-ancestors ${sources}`);
  return sendIndex(reply, 'portal.html');
}

/**
 * The built console at `/`: its files, and index.html for every other page a browser asks for
 * (client-side routes), the portal page at /portal. Hashed files under /assets never change, so browsers keep them a year.
 * Without a build (CONSOLE_DIR or apps/console/dist) nothing is registered and `/` answers 404.
 */
export async function registerConsole(
  app: FastifyInstance,
  ctx: AppContext,
  frameAncestors: PortalFrameAncestors,
) {
  const root = resolve(ctx.config.CONSOLE_DIR ?? DEFAULT_CONSOLE_DIR);
  if (!existsSync(resolve(root, 'index.html'))) {
    ctx.logger.warn(
      { consoleDir: root },
      'console build not found; run `npm run build` to serve the console',
    );
    return;
  }
  await app.register(fastifyStatic, { root, serve: false });

  app.get('/*', { schema: { hide: true } }, (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (isApiPath(pathname)) return reply.callNotFound();
    if (isPortalPath(pathname)) return sendPortal(reply, pathname, frameAncestors);
    const file = pathname === '/' ? null : findFile(root, pathname);
    if (file === 'index.html') return sendIndex(reply);
    if (file) {
      const cacheControl = file.startsWith(`assets${sep}`) ? IMMUTABLE : 'no-cache';
      return reply.header('cache-control', cacheControl).sendFile(file, { cacheControl: false });
    }
    const acceptsHtml = request.headers.accept?.includes('text/html') ?? false;
    if (acceptsHtml || pathname === '/') return sendIndex(reply);
    return reply.callNotFound();
  });
}
