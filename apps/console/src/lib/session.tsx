import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TLoginRequest, TUser } from '@wm/contracts';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { ApiError, api, tokenStorage } from './api-client';
import { queryKeys } from './query-keys';
import { buildLoginHref, RETURN_URL_PARAM, toSafeReturnUrl } from './return-url';

const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

/** The signed-in user, restored from the stored token with GET /auth/me; null when signed out. */
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.session.me(),
    queryFn: async ({ signal }): Promise<TUser | null> => {
      if (!tokenStorage.get()) return null;
      try {
        return (await api.get('/auth/me', { signal })).data;
      } catch (error) {
        // Only the server saying the token is no good ends the session; a slow or
        // unreachable server is retried so a passing failure does not sign anyone out.
        if (!isUnauthorized(error)) throw error;
        tokenStorage.expire();
        return null;
      }
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: 3,
    retryDelay: (attempt) => Math.min(500 * 2 ** attempt, 4000),
  });

export function useSession() {
  const query = useQuery(sessionQueryOptions());
  // A refresh that failed for good (retries spent) ends the session as a 401 does.
  useEffect(() => {
    if (query.isError) tokenStorage.clear();
  }, [query.isError]);
  return { user: query.data ?? null, isLoading: query.isPending };
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TLoginRequest) => api.post('/auth/login', { body: input }),
    onSuccess: ({ token, user }) => {
      tokenStorage.set(token);
      queryClient.clear();
      queryClient.setQueryData(sessionQueryOptions().queryKey, user);
    },
  });
}

/** 'Sair': revokes the session on the server, then forgets it here whatever the answer. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post('/auth/logout'),
    onSettled: () => {
      tokenStorage.clear();
      queryClient.clear();
      queryClient.setQueryData(sessionQueryOptions().queryKey, null);
    },
  });
}

function SessionLoading() {
  return (
    <div className="flex min-h-screen items-center justify-center" role="status" aria-label="Carregando">
      <div className="size-8 animate-spin rounded-full border-4 border-primary border-t-transparent" />
    </div>
  );
}

/**
 * Gate of every signed-in page: restores the session first, else sends the visitor to /login with
 * the URL to come back to (and, when the server ended the session, the reason).
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return <SessionLoading />;
  if (!user) {
    const returnUrl = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={buildLoginHref(returnUrl, tokenStorage.hasExpired())} replace />;
  }
  return children;
}

/** /login and other signed-out pages: a signed-in visitor goes to the return URL of /login, else to /. */
export function RequireGuest({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  const [searchParams] = useSearchParams();
  if (isLoading) return <SessionLoading />;
  if (user) return <Navigate to={toSafeReturnUrl(searchParams.get(RETURN_URL_PARAM))} replace />;
  return children;
}
