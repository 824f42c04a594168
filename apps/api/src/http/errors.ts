import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../domain/errors';
import { UNSUPPORTED_TEXT_MESSAGE } from '../domain/json-flaws';
import { databaseErrorCode, isDatabaseUnavailable } from '../lib/db-errors';

type Issue = { instancePath?: string; message?: string; params?: { issue?: { path?: PropertyKey[] } } };

function describeIssues(issues: Issue[]) {
  return issues.map((issue) => ({
    path: (issue.params?.issue?.path ?? issue.instancePath?.split('/').filter(Boolean) ?? []).join('.'),
    message: issue.message ?? 'Valor inválido',
  }));
}

/**
 * PostgreSQL refuses NUL characters in text (22021) and in jsonb strings (22P05). The JSON guard
 * refuses them first; this is the net for any other way in: they come from the client, so a 400.
 */
const isUnstorableText = (error: unknown) => ['22021', '22P05'].includes(String(databaseErrorCode(error)));

/** A date PostgreSQL cannot represent (22008), e.g. year 0: the client's value, so a 400. */
const isDateOutOfRange = (error: unknown) => databaseErrorCode(error) === '22008';

/**
 * Failures found by the router before any route runs (a malformed `%` escape, a path parameter too
 * long for any id), answered in the API's shape and language instead of Fastify's.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.status(400).send({ error: 'URL inválida', code: 'BAD_REQUEST' });
  }
  return reply.status(500).send({ error: 'Erro interno do servidor', code: 'INTERNAL_ERROR' });
}

const PARSER_ANSWERS = {
  timeout: { status: 408, error: 'Tempo esgotado ao receber a requisição', code: 'REQUEST_TIMEOUT' },
  headerOverflow: { status: 431, error: 'Cabeçalhos da requisição muito grandes', code: 'HEADERS_TOO_LARGE' },
  malformed: { status: 400, error: 'Requisição HTTP malformada', code: 'BAD_REQUEST' },
} as const;

/**
 * Node's HTTP parser refuses some requests before Fastify sees them (headers over the size limit,
 * a malformed request line or header, a request that took too long): Fastify's own answer to
 * those is English and has no `code`. This answers them in the API's shape and language, on the
 * raw socket, and closes it as Node does. Fastify's `clientErrorHandler` option.
 */
export function answerClientError(
  this: { log: { trace: (details: object, message: string) => void } } | undefined,
  error: Error & { code?: string },
  socket: Socket,
) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const answer =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? PARSER_ANSWERS.timeout
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? PARSER_ANSWERS.headerOverflow
        : PARSER_ANSWERS.malformed;
  this?.log.trace({ err: error }, 'client error');
  if (socket.writable) {
    const body = Buffer.from(JSON.stringify({ error: answer.error, code: answer.code }));
    socket.write(
      `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}\r\nContent-Length: ${body.length}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n',
    );
    socket.write(body);
  }
  socket.destroy(error);
}

/** Rewords an answer's messages for the request's audience (the portal's English sessions), or none. */
export type ErrorTranslator = (request: FastifyRequest) => ((message: string) => string) | undefined;

type ErrorAnswer = { error: string; code: string; details?: unknown };

function answerWith(status: number, body: ErrorAnswer) {
  return { status, body };
}

/** The status and pt-BR answer of a failure; unknown failures are logged here, once. */
function describeFailure(error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof AppError) {
    return answerWith(error.status, { error: error.message, code: error.code, details: error.details });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = describeIssues(error.validation as Issue[]);
    return answerWith(400, {
      error: details[0]?.message ?? 'Dados inválidos',
      code: 'VALIDATION_ERROR',
      details,
    });
  }
  if (isUnstorableText(error)) {
    return answerWith(400, { error: UNSUPPORTED_TEXT_MESSAGE, code: 'BAD_REQUEST' });
  }
  if (isDateOutOfRange(error)) {
    return answerWith(400, { error: 'Data inválida', code: 'BAD_REQUEST' });
  }
  const status = error.statusCode ?? 500;
  if (status === 413) {
    return answerWith(413, { error: 'Corpo da requisição muito grande', code: 'PAYLOAD_TOO_LARGE' });
  }
  if (status === 415) {
    return answerWith(415, {
      error: 'Tipo de conteúdo não suportado; use application/json',
      code: 'BAD_REQUEST',
    });
  }
  if (status === 429) {
    return answerWith(429, { error: 'Muitas requisições; tente novamente mais tarde', code: 'RATE_LIMITED' });
  }
  if (status >= 400 && status < 500) {
    const isJsonError = error.code?.startsWith('FST_ERR_CTP') || error instanceof SyntaxError;
    return answerWith(400, {
      error: isJsonError ? 'JSON inválido no corpo da requisição' : 'Requisição inválida',
      code: 'BAD_REQUEST',
    });
  }
  if (isDatabaseUnavailable(error)) {
    request.log.warn({ err: error }, 'database unavailable');
    reply.header('retry-after', '5');
    return answerWith(503, {
      error: 'Serviço temporariamente indisponível; tente novamente em instantes',
      code: 'SERVICE_UNAVAILABLE',
    });
  }
  request.log.error({ err: error }, 'unhandled error');
  return answerWith(500, { error: 'Erro interno do servidor', code: 'INTERNAL_ERROR' });
}

function translateAnswer(answer: ErrorAnswer, translate: (message: string) => string): ErrorAnswer {
  const details = Array.isArray(answer.details)
    ? answer.details.map((detail: unknown) =>
        detail && typeof detail === 'object' && typeof (detail as { message?: unknown }).message === 'string'
          ? { ...detail, message: translate((detail as { message: string }).message) }
          : detail,
      )
    : answer.details;
  return { ...answer, error: translate(answer.error), details };
}

/**
 * Maps every failure to `{error, code, details?}`; unknown failures are logged once and answered
 * generically. `translatorFor` rewords the messages in one place for the audiences that read
 * another language (the `code` stays).
 */
export function registerErrorHandler(app: FastifyInstance, translatorFor?: ErrorTranslator) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const answer = describeFailure(error, request, reply);
    const translate = answer.status < 500 ? translatorFor?.(request) : undefined;
    return reply
      .status(answer.status)
      .send(translate ? translateAnswer(answer.body, translate) : answer.body);
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      error: `Rota não encontrada: ${request.method} ${request.url.split('?')[0]}`,
      code: 'NOT_FOUND',
    });
  });
}
