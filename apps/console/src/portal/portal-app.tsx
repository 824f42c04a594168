import { type FormEvent, useCallback, useEffect, useMemo, useState } from 'react';
import { createPortalApi, type PortalEvent, type PortalLog, type PortalSubscription } from './portal-api';
import type { Strings } from './strings';

/** The consumer's page: its endpoints, a form for a new one, its deliveries and resend. */
export function PortalApp({ token, t }: { token: string; t: Strings }) {
  const api = useMemo(() => createPortalApi(token), [token]);
  const [events, setEvents] = useState<PortalEvent[]>([]);
  const [subscriptions, setSubscriptions] = useState<PortalSubscription[]>([]);
  const [logs, setLogs] = useState<PortalLog[]>([]);
  const [message, setMessage] = useState<string | null>(null);
  const [targetUrl, setTargetUrl] = useState('');
  const [eventId, setEventId] = useState('');

  const refresh = useCallback(async () => {
    try {
      const [eventList, subscriptionList, logList] = await Promise.all([
        api.events(),
        api.subscriptions(),
        api.logs(),
      ]);
      setEvents(eventList.data);
      setEventId((current) => current || eventList.data[0]?.id || '');
      setSubscriptions(subscriptionList.data);
      setLogs(logList.data);
    } catch (error) {
      setMessage((error as Error).message);
    }
  }, [api]);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  async function create(event: FormEvent) {
    event.preventDefault();
    try {
      await api.createSubscription({ eventId, targetUrl, name: new URL(targetUrl).host || targetUrl });
      setTargetUrl('');
      setMessage(t.created);
      await refresh();
    } catch (error) {
      setMessage((error as Error).message);
    }
  }

  async function resend(id: string) {
    try {
      await api.resend(id);
      setMessage(t.resent);
      await refresh();
    } catch (error) {
      setMessage((error as Error).message);
    }
  }

  return (
    <main className="portal">
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
              <li key={subscription.id}>
                <strong>{subscription.targetUrl}</strong>
                <span>
                  {subscription.event.alias} · {subscription.status} · {subscription.circuit.state}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-label={t.newEndpoint}>
        <h2>{t.newEndpoint}</h2>
        <form onSubmit={create} className="portal-form">
          <label>
            {t.url}
            <input type="url" required value={targetUrl} onChange={(e) => setTargetUrl(e.target.value)} />
          </label>
          <label>
            {t.event}
            <select value={eventId} onChange={(e) => setEventId(e.target.value)}>
              {events.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.name} ({item.alias})
                </option>
              ))}
            </select>
          </label>
          <button type="submit">{t.create}</button>
        </form>
      </section>
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
              <li key={log.id} data-testid="portal-log">
                <strong>{t.status[log.status as keyof Strings['status']] ?? log.status}</strong>
                <span>
                  {log.subscription.event.alias} · {new Date(log.createdAt).toLocaleString()}
                </span>
                {log.status === 'FAILED' && (
                  <button type="button" onClick={() => void resend(log.id)}>
                    {t.resend}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
