import type { paths } from '@wm/sdk';

/**
 * The API's operations by path under /v1, as the OpenAPI document generated from the server's
 * route schemas describes them (`packages/sdk/src/generated/api.ts`, kept equal to the document
 * by a test). A call's answer, query, body and path parameters are read from here, never stated
 * by hand, so a changed response schema breaks the console's type check where it is read.
 */
type Paths = { [P in keyof paths as P extends `/v1${infer Rest}` ? Rest : never]: paths[P] };

export type ApiMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** The paths (as `/events/{id}`) that answer `method`. */
export type ApiPath<M extends ApiMethod> = {
  [P in keyof Paths]: NonNullable<Paths[P][M]> extends { responses: object } ? P : never;
}[keyof Paths];

type Operation<M extends ApiMethod, P extends ApiPath<M>> = NonNullable<Paths[P][M]>;
type Responses<M extends ApiMethod, P extends ApiPath<M>> =
  Operation<M, P> extends {
    responses: infer R;
  }
    ? R
    : never;
type SuccessStatus = 200 | 201 | 202 | 204;
type JsonOf<R> = R extends { content: { 'application/json': infer J } } ? J : undefined;

/** What a successful call answers (undefined for 204). */
export type ApiAnswer<M extends ApiMethod, P extends ApiPath<M>> = JsonOf<
  Responses<M, P>[SuccessStatus & keyof Responses<M, P>]
>;

/** The query string a call takes. */
export type ApiQuery<M extends ApiMethod, P extends ApiPath<M>> =
  Operation<M, P> extends {
    parameters: { query?: infer Q };
  }
    ? NonNullable<Q>
    : never;

/** The JSON body a call takes. */
export type ApiBody<M extends ApiMethod, P extends ApiPath<M>> =
  Operation<M, P> extends { requestBody?: infer R }
    ? [NonNullable<R>] extends [never]
      ? never
      : NonNullable<R> extends { content: { 'application/json': infer B } }
        ? B
        : never
    : never;

type PathParams<M extends ApiMethod, P extends ApiPath<M>> =
  Operation<M, P> extends {
    parameters: { path: infer T };
  }
    ? T
    : never;

/** A call's options: `params` fills `{name}` in the path; `query` and `body` as the operation takes them. */
export type ApiCallOptions<M extends ApiMethod, P extends ApiPath<M>> = ([PathParams<M, P>] extends [never]
  ? { params?: undefined }
  : { params: PathParams<M, P> }) &
  ([ApiQuery<M, P>] extends [never] ? { query?: undefined } : { query?: ApiQuery<M, P> }) &
  ([ApiBody<M, P>] extends [never] ? { body?: undefined } : { body: ApiBody<M, P> }) & {
    signal?: AbortSignal;
    /** Request headers the route reads (an emit's filters read them all). */
    headers?: Record<string, string>;
  };

/** The options argument, left out when the call needs none. */
export type ApiCallArgs<M extends ApiMethod, P extends ApiPath<M>> =
  Record<never, never> extends ApiCallOptions<M, P>
    ? [options?: ApiCallOptions<M, P>]
    : [options: ApiCallOptions<M, P>];
