import { toast } from 'sonner';
import type { ApiAnswer, ApiCallArgs, ApiMethod, ApiPath } from './api-types';

/** localStorage key of the session token. */
export const TOKEN_STORAGE_KEY = 'webhook-manager-token';
export const UNEXPECTED_ERROR = 'Erro inesperado';
/** The fallback of the route, event type and field screens' error toasts. */
export const UNEXPECTED_ERROR_SENTENCE = 'Ocorreu um erro inesperado.';

/** sessionStorage mark: the server rejected the stored token (the session ended, nobody signed out). */
const SESSION_EXPIRED_STORAGE_KEY = 'webhook-manager-session-expired';

export const tokenStorage = {
  get: () => localStorage.getItem(TOKEN_STORAGE_KEY),
  set: (token: string) => {
    sessionStorage.removeItem(SESSION_EXPIRED_STORAGE_KEY);
    localStorage.setItem(TOKEN_STORAGE_KEY, token);
  },
  clear: () => {
    sessionStorage.removeItem(SESSION_EXPIRED_STORAGE_KEY);
    localStorage.removeItem(TOKEN_STORAGE_KEY);
  },
  /**
   * The server answered 401 to the stored token: forget it and remember, across reloads of this tab,
   * that the session expired so /login can say so.
   */
  expire: () => {
    localStorage.removeItem(TOKEN_STORAGE_KEY);
    sessionStorage.setItem(SESSION_EXPIRED_STORAGE_KEY, '1');
  },
  hasExpired: () => sessionStorage.getItem(SESSION_EXPIRED_STORAGE_KEY) !== null,
};

/** A non-2xx answer of the API: its status and the `{error, code, details}` body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly code: string,
    readonly details?: unknown,
  ) {
    super(error);
    this.name = 'ApiError';
  }
}

type UnauthorizedHandler = () => void;
let handleUnauthorized: UnauthorizedHandler = () => window.location.assign('/login');

/** Set once by the app provider: what a 401 does after the token is cleared. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler) {
  handleUnauthorized = handler;
}

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

type RequestOptions = {
  body?: unknown;
  params?: QueryParams;
  signal?: AbortSignal;
  /** Sent as they are; the session and JSON headers are set over them. */
  headers?: Record<string, string>;
};

function buildUrl(path: string, params?: QueryParams) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const query = search.toString();
  return `/v1${path}${query ? `?${query}` : ''}`;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function toApiError(status: number, body: unknown): ApiError {
  const fields = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const message = typeof fields.error === 'string' && fields.error ? fields.error : UNEXPECTED_ERROR;
  const code = typeof fields.code === 'string' ? fields.code : 'UNKNOWN';
  return new ApiError(status, message, code, fields.details);
}

/** One JSON request to `/v1{path}`; resolves with the parsed body, rejects with ApiError. */
async function apiRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const token = tokenStorage.get();
  const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.params), {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, UNEXPECTED_ERROR, 'NETWORK_ERROR');
  }
  const body = await readBody(response);
  if (response.ok) return body as T;
  // A wrong password also answers 401; only a rejected session ends the session.
  if (response.status === 401 && token) {
    tokenStorage.expire();
    handleUnauthorized();
  }
  throw toApiError(response.status, body);
}

/** `/events/{id}` with `{ id }`: each `{name}` replaced by its value, encoded. */
function fillPath(path: string, params: Record<string, string> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params?.[name] ?? ''));
}

function call<M extends ApiMethod>(method: M) {
  return <P extends ApiPath<M>>(path: P, ...[options]: ApiCallArgs<M, P>): Promise<ApiAnswer<M, P>> => {
    const { params, query, body, signal, headers } = (options ?? {}) as {
      params?: Record<string, string>;
      query?: QueryParams;
      body?: unknown;
      signal?: AbortSignal;
      headers?: Record<string, string>;
    };
    return apiRequest<ApiAnswer<M, P>>(method.toUpperCase(), fillPath(path, params), {
      params: query,
      body,
      signal,
      headers,
    });
  };
}

/**
 * The API's calls, typed from its OpenAPI document: `api.get('/events/{id}', { params: { id } })`
 * answers what that route's schema says it answers.
 */
export const api = {
  get: call('get'),
  post: call('post'),
  put: call('put'),
  patch: call('patch'),
  delete: call('delete'),
};

/** The text to show for a failed call: the body's `error`, else `fallback` ('Erro inesperado'). */
export function errorMessage(error: unknown, fallback = UNEXPECTED_ERROR): string {
  // A body without an error field became UNEXPECTED_ERROR in toApiError; the caller's fallback wins.
  return error instanceof ApiError && error.error && error.error !== UNEXPECTED_ERROR
    ? error.error
    : fallback;
}

/** Destructive toast for a failed change, e.g. `toastError('Erro ao deletar', error)`. */
export function toastError(title: string, error: unknown, fallback = UNEXPECTED_ERROR) {
  toast.error(title, { description: errorMessage(error, fallback) });
}

export function isClientError(error: unknown) {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}
