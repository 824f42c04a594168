import { useState } from 'react';
import { EndpointForm, endpointToDraft } from './endpoint-form';
import type { PortalEvent, PortalSubscription, PortalSubscriptionInput } from './portal-api';
import type { Strings } from './strings';

export type EndpointActions = {
  /** Saves an edit; true when the API took it. */
  update: (id: string, input: PortalSubscriptionInput) => Promise<boolean>;
  rotate: (id: string) => Promise<string | null>;
  test: (id: string) => Promise<void>;
  remove: (id: string) => Promise<void>;
};

/** One endpoint of the consumer: what it receives, and (unless read-only) edit, secret, test, delete. */
/** A value's word in the catalogue; one the catalogue does not know yet is shown as it is. */
const labelOf = (labels: Record<string, string>, value: string) => labels[value] ?? value;

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
  const [secret, setSecret] = useState<string | null>(null);

  if (isEditing) {
    return (
      <li data-testid="portal-endpoint">
        <EndpointForm
          variant="edit"
          initial={endpointToDraft(subscription)}
          events={events}
          t={t}
          onCancel={() => setIsEditing(false)}
          onSubmit={async (input) => {
            const saved = await actions.update(subscription.id, input);
            if (saved) setIsEditing(false);
            return saved;
          }}
        />
      </li>
    );
  }

  const filterCount = subscription.filters.length;
  return (
    <li data-testid="portal-endpoint">
      <div className="portal-endpoint-text">
        <strong>{subscription.targetUrl}</strong>
        <span>
          {subscription.name} · {subscription.event.alias} · {labelOf(t.statuses, subscription.status)} ·{' '}
          {labelOf(t.circuits, subscription.circuit.state)}
          {filterCount > 0 ? ` · ${filterCount} ${t.filterCount}` : ''}
          {subscription.authType !== 'NONE' ? ` · ${t.authTypes[subscription.authType]}` : ''}
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
