import type {
  SubscriptionAuthType,
  TCreateSubscriptionRequest,
  TDeliveryLogDetail,
  TDeliveryLogListItem,
  TFilter,
  TPagination,
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
/** One page of a list, as the API answers it. */
export type PortalPage<T> = { data: T[]; pagination: TPagination };

/** Page sizes of the page's two lists. */
export const ENDPOINTS_PER_PAGE = 100;
export const LOGS_PER_PAGE = 50;

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
    subscriptions: (page: number) =>
      call<PortalPage<PortalSubscription>>('GET', `/subscriptions?limit=${ENDPOINTS_PER_PAGE}&page=${page}`),
    createSubscription: (input: PortalSubscriptionInput) => call('POST', '/subscriptions', input),
    updateSubscription: (id: string, input: PortalSubscriptionInput) =>
      call<{ data: PortalSubscription }>('PUT', `/subscriptions/${id}`, input),
    rotateSecret: (id: string) =>
      call<{ data: PortalSubscription }>('POST', `/subscriptions/${id}/rotate-secret`),
    testSubscription: (id: string) => call<PortalTestResult>('POST', `/subscriptions/${id}/test`),
    deleteSubscription: (id: string) => call('DELETE', `/subscriptions/${id}`),
    logs: (page: number) => call<PortalPage<PortalLog>>('GET', `/logs?limit=${LOGS_PER_PAGE}&page=${page}`),
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
