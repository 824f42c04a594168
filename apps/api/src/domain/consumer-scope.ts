import type { SessionUser } from './session-user';

/**
 * A caller acting for one consumer of one application: the application's API key or a writer
 * managing that consumer's subscriptions, or the consumer itself through a portal session. It sees
 * only the consumer's subscriptions (and their logs) to the application's events, narrowed to
 * `eventAliases` when set; `isReadOnly` lets it read only.
 */
export type ConsumerScope = {
  kind: 'consumer';
  applicationId: string;
  consumerId: string;
  eventAliases: string[] | null;
  isReadOnly: boolean;
};

/** Who a use case acts for: a signed-in user, or a consumer's scope. */
export type Caller = SessionUser | ConsumerScope;

export const isConsumerScope = (caller: Caller): caller is ConsumerScope =>
  'kind' in caller && caller.kind === 'consumer';
