import {
  type SubscriptionAuthType,
  ZCreateSubscriptionRequest,
  ZUpdateSubscriptionRequest,
} from '@wm/contracts';
import { type FormEvent, useId, useState } from 'react';
import { toJsonBodyText } from '../lib/json-body-text';
import { EventSelect } from './event-select';
import { type FilterDraft, FilterRows } from './filter-rows';
import { HeaderFields } from './header-fields';
import type { PortalEvent, PortalSubscription, PortalSubscriptionInput } from './portal-api';
import type { Strings } from './strings';

/** What a new endpoint receives: the body a new subscription starts with in the console. */
export const NEW_ENDPOINT_BODY =
  '{\n  "eventId": "#eventId#",\n  "eventName": "#eventName#",\n  "timestamp": "#timestamp#",\n  "data": "#data#"\n}';

export type EndpointDraft = {
  name: string;
  targetUrl: string;
  eventId: string;
  authType: SubscriptionAuthType;
  authDetails: Record<string, string>;
  jsonBody: string;
  filters: FilterDraft[];
};

export const newEndpointDraft = (eventId: string): EndpointDraft => ({
  name: '',
  targetUrl: '',
  eventId,
  authType: 'NONE',
  authDetails: {},
  jsonBody: NEW_ENDPOINT_BODY,
  filters: [],
});

export const endpointToDraft = (subscription: PortalSubscription): EndpointDraft => ({
  name: subscription.name,
  targetUrl: subscription.targetUrl,
  eventId: subscription.eventId,
  authType: subscription.authType,
  authDetails: subscription.authDetails ?? {},
  jsonBody: toJsonBodyText(subscription.jsonBody),
  filters: subscription.filters.map((filter) => ({ ...filter })),
});

/** A name from the URL's host when the consumer gives none (the list shows the URL first anyway). */
function nameOf(draft: EndpointDraft): string {
  if (draft.name.trim()) return draft.name;
  return URL.canParse(draft.targetUrl) ? new URL(draft.targetUrl).host : draft.targetUrl;
}

/**
 * The request body of a draft. The auth type is sent only when the portal offers it, so an OAuth2
 * endpoint set up through the API keeps its credentials. A blank body on edit clears it (the event's
 * payload is sent as is).
 */
export function draftToInput(draft: EndpointDraft, canChangeAuth: boolean): PortalSubscriptionInput {
  return {
    name: nameOf(draft),
    targetUrl: draft.targetUrl,
    eventId: draft.eventId,
    ...(canChangeAuth
      ? { authType: draft.authType, authDetails: draft.authType === 'NONE' ? null : draft.authDetails }
      : {}),
    jsonBody: draft.jsonBody,
    filters: draft.filters,
  };
}

/** The first message of the API's own schema for this body, or null when it passes. */
function checkInput(input: PortalSubscriptionInput, variant: 'create' | 'edit'): string | null {
  const schema = variant === 'create' ? ZCreateSubscriptionRequest : ZUpdateSubscriptionRequest;
  const parsed = schema.safeParse(input);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Inválido');
}

/** Create and edit form of an endpoint: the console's subscription fields a consumer manages. */
export function EndpointForm({
  initial,
  variant,
  events,
  onSubmit,
  onCancel,
  t,
}: {
  initial: EndpointDraft;
  variant: 'create' | 'edit';
  events: PortalEvent[];
  /** Saves the body; true when it was saved (the form then starts again or closes). */
  onSubmit: (input: PortalSubscriptionInput) => Promise<boolean>;
  onCancel?: () => void;
  t: Strings;
}) {
  const [draft, setDraft] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const hintId = useId();
  const bodyId = useId();
  const canChangeAuth = initial.authType !== 'OAUTH2_CLIENT_CREDENTIALS';
  const patch = (change: Partial<EndpointDraft>) => setDraft((current) => ({ ...current, ...change }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = draftToInput(draft, canChangeAuth);
    const problem = checkInput(input, variant);
    setError(problem && t.fromApi(problem));
    if (problem) return;
    if ((await onSubmit(input)) && variant === 'create') setDraft(newEndpointDraft(draft.eventId));
  }

  return (
    <form onSubmit={submit} className="portal-form" noValidate>
      <label>
        {t.name}
        <input value={draft.name} onChange={(e) => patch({ name: e.target.value })} />
      </label>
      <label>
        {t.url}
        <input type="url" value={draft.targetUrl} onChange={(e) => patch({ targetUrl: e.target.value })} />
      </label>
      <EventSelect
        label={t.event}
        events={events}
        value={draft.eventId}
        onChange={(eventId) => patch({ eventId })}
      />
      <HeaderFields
        authType={draft.authType}
        authDetails={draft.authDetails}
        onChange={(authType, authDetails) => patch({ authType, authDetails })}
        t={t}
      />
      {/* Beside, not around, its textarea: a label's text would take in the template's own words. */}
      <div className="portal-field">
        <label htmlFor={bodyId}>{t.bodyTemplate}</label>
        <textarea
          id={bodyId}
          rows={6}
          spellCheck={false}
          className="portal-code"
          aria-describedby={hintId}
          value={draft.jsonBody}
          onChange={(e) => patch({ jsonBody: e.target.value })}
        />
        <p id={hintId} className="portal-hint">
          {variant === 'create' ? t.bodyTemplateHint : t.bodyTemplateEditHint}
        </p>
      </div>
      <FilterRows filters={draft.filters} onChange={(filters) => patch({ filters })} t={t} />
      {error && (
        <p role="alert" className="portal-error">
          {error}
        </p>
      )}
      <div className="portal-actions">
        <button type="submit" disabled={!draft.eventId}>
          {variant === 'create' ? t.create : t.save}
        </button>
        {onCancel && (
          <button type="button" className="portal-secondary" onClick={onCancel}>
            {t.cancel}
          </button>
        )}
      </div>
    </form>
  );
}
