import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUnauthorizedHandler, TOKEN_STORAGE_KEY, tokenStorage } from '../api-client';
import { createQueryClient } from '../query-client';
import { RequireGuest, RequireSession } from '../session';

const user = {
  id: '0193f1d2-0000-7000-8000-000000000001',
  name: 'Ana',
  email: 'ana@example.com',
  isAdmin: false,
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function renderAt(path: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route
            path="/login"
            element={
              <RequireGuest>
                <p>Tela de login</p>
              </RequireGuest>
            }
          />
          <Route
            path="/events"
            element={
              <RequireSession>
                <p>Eventos protegidos</p>
              </RequireSession>
            }
          />
          <Route path="/" element={<p>Início</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('session gate', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    setUnauthorizedHandler(() => {});
    localStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });

  it('When no token is stored, then a protected page sends the visitor to /login without calling the API', async () => {
    renderAt('/events');
    expect(await screen.findByText('Tela de login')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('When a valid token is stored, then the session is restored with /auth/me and the page shows', async () => {
    tokenStorage.set('good');
    fetchMock.mockResolvedValue(Response.json({ data: user }));
    renderAt('/events');
    expect(await screen.findByText('Eventos protegidos')).toBeTruthy();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/v1/auth/me');
  });

  it('When the stored token is rejected, then it is cleared and the visitor lands on /login', async () => {
    tokenStorage.set('revoked');
    fetchMock.mockResolvedValue(
      Response.json({ error: 'Sessão inválida', code: 'UNAUTHORIZED' }, { status: 401 }),
    );
    renderAt('/events');
    expect(await screen.findByText('Tela de login')).toBeTruthy();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('When /auth/me fails once with a server error, then it is retried and the session survives', async () => {
    tokenStorage.set('good');
    fetchMock
      .mockResolvedValueOnce(
        Response.json({ error: 'Indisponível', code: 'SERVICE_UNAVAILABLE' }, { status: 503 }),
      )
      .mockResolvedValueOnce(Response.json({ data: user }));
    renderAt('/events');
    expect(await screen.findByText('Eventos protegidos', undefined, { timeout: 3000 })).toBeTruthy();
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('good');
  });

  it('When a signed-in user opens /login, then they are sent to /', async () => {
    tokenStorage.set('good');
    fetchMock.mockResolvedValue(Response.json({ data: user }));
    renderAt('/login');
    expect(await screen.findByText('Início')).toBeTruthy();
  });
});
