import type {
  SubscriptionAuthType,
  TCreateSubscriptionRequest,
  TDeliveryLogDetail,
  TDeliveryLogListItem,
  TFilter,
} from '@wm/contracts';

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
  authType: SubscriptionAuthType;
  authDetails: Record<string, string> | null;
  jsonBody: unknown;
  filters: TFilter[];
  secret?: string | null;
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
/** What the endpoint form sends, create or edit: the API's own request body. */
export type PortalSubscriptionInput = Pick<
  TCreateSubscriptionRequest,
  'name' | 'targetUrl' | 'eventId' | 'authType' | 'authDetails' | 'jsonBody' | 'filters'
>;
export type PortalLog = Pick<TDeliveryLogListItem, 'id' | 'status' | 'createdAt' | 'httpStatusCode'> & {
  subscription: { id: string; name: string; event: { alias: string } };
};
export type PortalLogDetail = TDeliveryLogDetail;

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
    createSubscription: (input: PortalSubscriptionInput) => call('POST', '/subscriptions', input),
    updateSubscription: (id: string, input: PortalSubscriptionInput) =>
      call<{ data: PortalSubscription }>('PUT', `/subscriptions/${id}`, input),
    rotateSecret: (id: string) =>
      call<{ data: PortalSubscription }>('POST', `/subscriptions/${id}/rotate-secret`),
    testSubscription: (id: string) => call<PortalTestResult>('POST', `/subscriptions/${id}/test`),
    deleteSubscription: (id: string) => call('DELETE', `/subscriptions/${id}`),
    logs: () => call<{ data: PortalLog[] }>('GET', '/logs?limit=50'),
    log: (id: string) => call<{ data: PortalLogDetail }>('GET', `/logs/${id}`),
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
