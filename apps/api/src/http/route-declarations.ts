import { ZIdParams } from '@wm/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_SECURITY } from './openapi';

/** The schema of a session route addressed by one `:id`: its tags, the id params and the session, plus `rest`. */
export function idRouteSchema<Rest extends object>(tags: string[], rest: Rest) {
  return { tags, params: ZIdParams, security: SESSION_SECURITY, ...rest };
}

/**
 * A preSerialization hook for answers that hold secrets or change with every edit: never cached,
 * errors included.
 */
export async function setNoStore(_request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  reply.header('cache-control', 'no-store');
  return payload;
}

/** The one answer shape of a single resource (read, created, changed or acted on): `{ data: item }`. */
export async function answerItem<T>(item: T | Promise<T>): Promise<{ data: T }> {
  return { data: await item };
}
