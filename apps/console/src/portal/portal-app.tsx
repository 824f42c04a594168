import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { EndpointForm, newEndpointDraft } from './endpoint-form';
import { type EndpointActions, EndpointItem } from './endpoint-item';
import { LogItem } from './log-item';
import { Pager } from './pager';
import {
  createPortalApi,
  type PortalEvent,
  type PortalLog,
  type PortalPage,
  type PortalSession,
  type PortalSubscription,
  type PortalSubscriptionInput,
} from './portal-api';
import { pickStrings, type Strings } from './strings';

/** The application's brand on the page: its accent colour and name (the logo is drawn in the header). */
function applyBrand(session: PortalSession, t: Strings) {
  if (session.accentColor) document.documentElement.style.setProperty('--portal-accent', session.accentColor);
  document.title = session.displayName ? `${session.displayName} · ${t.title}` : t.title;
  document.documentElement.lang = session.locale;
}

type Pagination = PortalPage<unknown>['pagination'];

/**
 * After a list loaded: when it shrank under the page shown (a delete emptied the last page), the
 * last page there is; otherwise the page as it is now (an answer for a page the consumer already
 * left changes nothing).
 */
const pageStillThere = (pagination: Pagination) => (current: number) =>
  current === pagination.page && pagination.page > pagination.totalPages
    ? Math.max(1, pagination.totalPages)
    : current;

/** The consumer's page: its endpoints, a form for a new one, its deliveries and resend. */
export function PortalApp({ token }: { token: string }) {
  const api = useMemo(() => createPortalApi(token), [token]);
  const [session, setSession] = useState<PortalSession | null>(null);
  const [events, setEvents] = useState<PortalEvent[]>([]);
  const [subscriptions, setSubscriptions] = useState<PortalSubscription[]>([]);
  const [logs, setLogs] = useState<PortalLog[]>([]);
  // The page shown of each list, and what the API says of it (the consumer pages through both).
  const [endpointPage, setEndpointPage] = useState(1);
  const [logPage, setLogPage] = useState(1);
  const [endpointPages, setEndpointPages] = useState<Pagination | null>(null);
  const [logPages, setLogPages] = useState<Pagination | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  // Bumped by each refresh, so an open delivery detail reads its attempts again.
  const [version, setVersion] = useState(0);
  const t = pickStrings(session?.locale ?? navigator.language);

  // Only the last load's answer is shown: a page turned mid-load must not be overwritten by the one left.
  const lastLoad = useRef(0);

  const refresh = useCallback(async () => {
    const load = ++lastLoad.current;
    try {
      const [eventList, subscriptionList, logList] = await Promise.all([
        api.events(),
        api.subscriptions(endpointPage),
        api.logs(logPage),
      ]);
      if (load !== lastLoad.current) return;
      setEvents(eventList.data);
      setSubscriptions(subscriptionList.data);
      setEndpointPages(subscriptionList.pagination);
      setLogs(logList.data);
      setLogPages(logList.pagination);
      setVersion((current) => current + 1);
      // A delete can empty the last page shown: go back to the last one there is.
      setEndpointPage(pageStillThere(subscriptionList.pagination));
      setLogPage(pageStillThere(logList.pagination));
    } catch (error) {
      setMessage((error as Error).message);
    }
  }, [api, endpointPage, logPage]);

  const loadLog = useCallback(
    async (id: string) => {
      try {
        return (await api.log(id)).data;
      } catch (error) {
        setMessage((error as Error).message);
        return null;
      }
    },
    [api],
  );

  useEffect(() => {
    api
      .session()
      .then((answer) => {
        setSession(answer.data);
        applyBrand(answer.data, pickStrings(answer.data.locale));
      })
      .catch((error: Error) => setMessage(error.message));
  }, [api]);

  // First load, and again when the consumer turns a page.
  useEffect(() => {
    void refresh();
  }, [refresh]);

  /** Runs a change, says `done` (or the API's error) and reloads the lists. */
  async function act<T>(run: () => Promise<T>, done: string | ((answer: T) => string)): Promise<T | null> {
    try {
      const answer = await run();
      setMessage(typeof done === 'string' ? done : done(answer));
      await refresh();
      return answer;
    } catch (error) {
      setMessage((error as Error).message);
      return null;
    }
  }

  const actions: EndpointActions = {
    update: async (id, input) => (await act(() => api.updateSubscription(id, input), t.saved)) !== null,
    rotate: async (id) => (await act(() => api.rotateSecret(id), t.rotate))?.data.secret ?? null,
    test: async (id) => {
      await act(
        () => api.testSubscription(id),
        (result) =>
          result.success
            ? `${t.testOk} ${result.httpStatusCode}`
            : `${t.testFailed} ${result.error ? t.fromApi(result.error) : result.httpStatusCode}`,
      );
    },
    remove: async (id) => {
      await act(() => api.deleteSubscription(id), t.removed);
    },
  };

  async function create(input: PortalSubscriptionInput) {
    return (await act(() => api.createSubscription(input), t.created)) !== null;
  }

  const isReadOnly = session?.isReadOnly ?? false;
  return (
    <main className="portal">
      <header className="portal-brand">
        {session?.logoUrl && <img src={session.logoUrl} alt="" className="portal-logo" />}
        {session?.displayName && <span data-testid="portal-brand">{session.displayName}</span>}
        {isReadOnly && <span className="portal-badge">{t.readOnly}</span>}
      </header>
      <h1>{t.title}</h1>
      {message && (
        <p role="status" className="portal-message">
          {message}
        </p>
      )}
      <section aria-label={t.endpoints}>
        <h2>{t.endpoints}</h2>
        {subscriptions.length === 0 ? (
          <p>{t.noEndpoints}</p>
        ) : (
          <ul className="portal-list">
            {subscriptions.map((subscription) => (
              <EndpointItem
                key={subscription.id}
                subscription={subscription}
                events={events}
                isReadOnly={isReadOnly}
                actions={actions}
                t={t}
              />
            ))}
          </ul>
        )}
        <Pager pagination={endpointPages} onPage={setEndpointPage} label={t.endpoints} t={t} />
      </section>
      {!isReadOnly && (
        <section aria-label={t.newEndpoint}>
          <h2>{t.newEndpoint}</h2>
          {events.length > 0 && (
            <EndpointForm
              // A fresh form once the events arrive, so it starts on the first of them.
              key={events[0]?.id}
              variant="create"
              initial={newEndpointDraft(events[0]?.id ?? '')}
              events={events}
              onSubmit={create}
              t={t}
            />
          )}
        </section>
      )}
      <section aria-label={t.logs}>
        <h2>
          {t.logs}{' '}
          <button type="button" onClick={() => void refresh()}>
            {t.refresh}
          </button>
        </h2>
        {logs.length === 0 ? (
          <p>{t.noLogs}</p>
        ) : (
          <ul className="portal-list">
            {logs.map((log) => (
              <LogItem
                key={log.id}
                log={log}
                endpoint={subscriptions.find((item) => item.id === log.subscription.id)}
                version={version}
                canResend={!isReadOnly}
                load={loadLog}
                resend={async (id) => {
                  await act(() => api.resend(id), t.resent);
                }}
                locale={session?.locale}
                t={t}
              />
            ))}
          </ul>
        )}
        <Pager pagination={logPages} onPage={setLogPage} label={t.logs} t={t} />
      </section>
    </main>
  );
}
