/** The portal API with the session's token; its answers as the console's routes give them. */
export type PortalEvent = { id: string; name: string; alias: string };
export type PortalSubscription = {
  id: string;
  name: string;
  targetUrl: string;
  status: string;
  eventId: string;
  event: { alias: string };
  circuit: { state: string };
  secret?: string;
};
export type PortalSession = {
  consumerId: string;
  locale: 'pt-BR' | 'en';
  isReadOnly: boolean;
  displayName: string | null;
  accentColor: string | null;
  logoUrl: string | null;
};
export type PortalTestResult = { success: boolean; httpStatusCode: number | null; error: string | null };
export type PortalSubscriptionEdit = { name?: string; targetUrl?: string; eventId?: string };
export type PortalLog = {
  id: string;
  status: string;
  createdAt: string;
  subscription: { name: string; event: { alias: string } };
};

/** What a new endpoint receives: the body a new subscription starts with in the console. */
const NEW_ENDPOINT_BODY = {
  eventId: '#eventId#',
  eventName: '#eventName#',
  timestamp: '#timestamp#',
  data: '#data#',
};

export function createPortalApi(token: string) {
  async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`/v1/portal${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const answer = response.status === 204 ? null : await response.json();
    if (!response.ok) throw new Error(answer?.error ?? `HTTP ${response.status}`);
    return answer as T;
  }
  return {
    session: () => call<{ data: PortalSession }>('GET', '/session'),
    events: () => call<{ data: PortalEvent[] }>('GET', '/events'),
    subscriptions: () => call<{ data: PortalSubscription[] }>('GET', '/subscriptions?limit=100'),
    createSubscription: (input: { eventId: string; targetUrl: string; name: string }) =>
      call('POST', '/subscriptions', { ...input, jsonBody: NEW_ENDPOINT_BODY }),
    updateSubscription: (id: string, input: PortalSubscriptionEdit) =>
      call<{ data: PortalSubscription }>('PUT', `/subscriptions/${id}`, input),
    rotateSecret: (id: string) =>
      call<{ data: PortalSubscription }>('POST', `/subscriptions/${id}/rotate-secret`),
    testSubscription: (id: string) => call<PortalTestResult>('POST', `/subscriptions/${id}/test`),
    deleteSubscription: (id: string) => call('DELETE', `/subscriptions/${id}`),
    logs: () => call<{ data: PortalLog[] }>('GET', '/logs?limit=50'),
    resend: (id: string) => call('POST', `/logs/${id}/resend`),
  };
}

/** The token from `#token=…`, then taken off the address so it stays out of the history. */
export function readTokenFromFragment(): string | null {
  const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
  if (token) {
    sessionStorage.setItem('portal-token', token);
    history.replaceState(null, '', window.location.pathname);
  }
  return token ?? sessionStorage.getItem('portal-token');
}
