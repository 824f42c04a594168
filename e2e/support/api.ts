/** Test data through the real HTTP API, as another client would create it. */
export type ApiCall = <T = unknown>(
  method: string,
  path: string,
  options?: { body?: unknown; token?: string | null; headers?: Record<string, string> },
) => Promise<{ status: number; body: T }>;

export type TestUser = { id: string; name: string; email: string; password: string; token: string };

let userCounter = 0;

export function createApi(baseURL: string, admin: { email: string; password: string }) {
  let adminToken: string | null = null;

  const call: ApiCall = async (method, path, options = {}) => {
    const token = options.token === undefined ? await getAdminToken() : options.token;
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await fetch(`${baseURL}/v1${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as never };
  };

  async function login(email: string, password: string): Promise<string> {
    const { status, body } = await call<{ token: string }>('POST', '/auth/login', {
      body: { email, password },
      token: null,
    });
    if (status !== 200) throw new Error(`login of ${email} answered ${status}`);
    return body.token;
  }

  async function getAdminToken() {
    adminToken ??= await login(admin.email, admin.password);
    return adminToken;
  }

  /** A call that must succeed (2xx); returns the body. */
  async function must<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    token?: string | null,
  ): Promise<T> {
    const response = await call<T>(method, path, { body, token });
    if (response.status >= 300) {
      throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(response.body)}`);
    }
    return response.body;
  }

  async function createUser(
    input: { name?: string; email?: string; password?: string; isAdmin?: boolean } = {},
  ): Promise<TestUser> {
    userCounter += 1;
    const suffix = `${Date.now().toString(36)}${userCounter}`;
    const user = {
      name: input.name ?? `Usuário ${suffix}`,
      email: input.email ?? `user-${suffix}@e2e.local`,
      password: input.password ?? 'user-password-1',
      isAdmin: input.isAdmin ?? false,
    };
    const { data: created } = await must<{ data: { id: string } }>('POST', '/admin/users', user);
    return { id: created.id, ...user, token: await login(user.email, user.password) };
  }

  /** Emits as the application does, with its API key and no session; answers the HTTP status. */
  async function emitWithApiKey(apiKey: string, body: Record<string, unknown>): Promise<number> {
    const response = await call('POST', '/events/emit', {
      body,
      token: null,
      headers: { 'x-api-key': apiKey },
    });
    return response.status;
  }

  return {
    call,
    must,
    login,
    adminToken: getAdminToken,
    get: <T = unknown>(path: string, token?: string | null) => must<T>('GET', path, undefined, token),
    post: <T = unknown>(path: string, body?: unknown, token?: string | null) =>
      must<T>('POST', path, body, token),
    put: <T = unknown>(path: string, body?: unknown, token?: string | null) =>
      must<T>('PUT', path, body, token),
    del: (path: string, token?: string | null) => must('DELETE', path, undefined, token),
    createUser,
    emitWithApiKey,
  };
}

export type Api = ReturnType<typeof createApi>;
