import { ZUpdateSubscriptionRequest } from '@wm/contracts';
import { type FormEvent, useState } from 'react';
import { EventSelect } from './event-select';
import type { PortalEvent, PortalSubscription, PortalSubscriptionEdit } from './portal-api';
import type { Strings } from './strings';

export type EndpointActions = {
  update: (id: string, input: PortalSubscriptionEdit) => Promise<void>;
  rotate: (id: string) => Promise<string | null>;
  test: (id: string) => Promise<void>;
  remove: (id: string) => Promise<void>;
};

/** The first message the shared schema gives for an edit, or null when it passes. */
function checkEdit(input: PortalSubscriptionEdit): string | null {
  const parsed = ZUpdateSubscriptionRequest.safeParse(input);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Inválido');
}

/** One endpoint of the consumer: what it receives, and (unless read-only) edit, secret, test, delete. */
export function EndpointItem({
  subscription,
  events,
  isReadOnly,
  actions,
  t,
}: {
  subscription: PortalSubscription;
  events: PortalEvent[];
  isReadOnly: boolean;
  actions: EndpointActions;
  t: Strings;
}) {
  const [isEditing, setIsEditing] = useState(false);
  const [name, setName] = useState(subscription.name);
  const [targetUrl, setTargetUrl] = useState(subscription.targetUrl);
  const [eventId, setEventId] = useState(subscription.eventId);
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  async function save(event: FormEvent) {
    event.preventDefault();
    const input = { name, targetUrl, eventId };
    const problem = checkEdit(input);
    setError(problem);
    if (problem) return;
    await actions.update(subscription.id, input);
    setIsEditing(false);
  }

  if (isEditing) {
    return (
      <li data-testid="portal-endpoint">
        <form onSubmit={save} className="portal-form" noValidate>
          <label>
            {t.name}
            <input value={name} onChange={(e) => setName(e.target.value)} />
          </label>
          <label>
            {t.url}
            <input type="url" value={targetUrl} onChange={(e) => setTargetUrl(e.target.value)} />
          </label>
          <EventSelect label={t.event} events={events} value={eventId} onChange={setEventId} />
          {error && (
            <p role="alert" className="portal-error">
              {error}
            </p>
          )}
          <div className="portal-actions">
            <button type="submit">{t.save}</button>
            <button type="button" className="portal-secondary" onClick={() => setIsEditing(false)}>
              {t.cancel}
            </button>
          </div>
        </form>
      </li>
    );
  }

  return (
    <li data-testid="portal-endpoint">
      <div className="portal-endpoint-text">
        <strong>{subscription.targetUrl}</strong>
        <span>
          {subscription.name} · {subscription.event.alias} · {subscription.status} ·{' '}
          {subscription.circuit.state}
        </span>
        {secret && (
          <span className="portal-secret">
            {t.rotated} <code>{secret}</code>
          </span>
        )}
      </div>
      {!isReadOnly && (
        <div className="portal-actions">
          <button type="button" onClick={() => setIsEditing(true)}>
            {t.edit}
          </button>
          <button type="button" onClick={() => void actions.test(subscription.id)}>
            {t.test}
          </button>
          <button type="button" onClick={async () => setSecret(await actions.rotate(subscription.id))}>
            {t.rotate}
          </button>
          <button
            type="button"
            className="portal-danger"
            onClick={() => void actions.remove(subscription.id)}
          >
            {t.remove}
          </button>
        </div>
      )}
    </li>
  );
}
