import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  api,
  errorMessage,
  setUnauthorizedHandler,
  TOKEN_STORAGE_KEY,
  tokenStorage,
} from '../api-client';

const reply = (status: number, body?: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });

describe('api client', () => {
  const fetchMock = vi.fn<typeof fetch>();
  const onUnauthorized = vi.fn();

  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    setUnauthorizedHandler(onUnauthorized);
    localStorage.clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
    onUnauthorized.mockReset();
  });

  it('When a token is stored, then requests go to /v1 with JSON and a Bearer header', async () => {
    tokenStorage.set('abc');
    fetchMock.mockResolvedValue(reply(201, { id: 'a1', name: 'x' }));
    await expect(api.post('/applications', { body: { name: 'x' } })).resolves.toEqual({
      id: 'a1',
      name: 'x',
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/v1/applications');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"name":"x"}');
    expect((init?.headers as Record<string, string> | undefined)?.authorization).toBe('Bearer abc');
    expect(localStorage.key(0)).toMatch(/^webhook-manager/);
  });

  it('When query params are given, then empty ones are left out', async () => {
    fetchMock.mockResolvedValue(reply(200, { data: [] }));
    await api.get('/admin/users', { query: { page: 2, limit: 10, search: '' } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/v1/admin/users?page=2&limit=10');
  });

  it('When the session is rejected with 401, then the token is cleared and the unauthorized handler runs', async () => {
    tokenStorage.set('revoked');
    fetchMock.mockResolvedValue(reply(401, { error: 'Sessão inválida', code: 'UNAUTHORIZED' }));
    const failure = await api.get('/auth/me').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 401, error: 'Sessão inválida', code: 'UNAUTHORIZED' });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('When a wrong password answers 401 without a session, then nobody is sent anywhere', async () => {
    fetchMock.mockResolvedValue(reply(401, { error: 'Credenciais inválidas', code: 'INVALID_CREDENTIALS' }));
    await expect(api.post('/auth/login', { body: { email: 'a@b.c', password: 'x' } })).rejects.toMatchObject({
      error: 'Credenciais inválidas',
    });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('When the error body has no message, then the text is "Erro inesperado"', async () => {
    fetchMock.mockResolvedValue(new Response('<html>bad gateway</html>', { status: 502 }));
    const failure = await api.get('/auth/me').catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 502, error: 'Erro inesperado' });
    expect(errorMessage(failure)).toBe('Erro inesperado');
    expect(errorMessage(new Error('boom'))).toBe('Erro inesperado');
    expect(errorMessage(new ApiError(409, 'Já existe', 'CONFLICT'))).toBe('Já existe');
  });

  it('When a screen gives its own fallback, then a body without a message shows it and a message still wins', async () => {
    fetchMock.mockResolvedValue(new Response('', { status: 500 }));
    const failure = await api.get('/auth/me').catch((error: unknown) => error);
    expect(errorMessage(failure, 'Ocorreu um erro inesperado.')).toBe('Ocorreu um erro inesperado.');
    expect(errorMessage(new ApiError(409, 'Já existe', 'CONFLICT'), 'Ocorreu um erro inesperado.')).toBe(
      'Já existe',
    );
  });

  it('When the network fails, then an ApiError with "Erro inesperado" is thrown', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/auth/me')).rejects.toMatchObject({ status: 0, error: 'Erro inesperado' });
  });

  it('When the answer is 204, then the call resolves with nothing', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(api.delete('/admin/users/{id}', { params: { id: '1' } })).resolves.toBeUndefined();
  });

  it('When a path has parameters, then each is filled in, encoded', async () => {
    fetchMock.mockResolvedValue(reply(200, {}));
    await api.get('/applications/{id}/members', { params: { id: 'a b/c' } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/v1/applications/a%20b%2Fc/members');
  });
});
