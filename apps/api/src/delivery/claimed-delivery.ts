import type { AuthDetails, StoredOutboundProxy } from '../db/schema/applications';
import type { ClientTls } from '../db/schema/events';

/** A delivery leased to a worker, with what its send needs. */
export type ClaimedDelivery = {
  id: string;
  occurrence_id: string;
  subscription_id: string;
  attempt_count: number;
  payload_sent: unknown;
  target_url: string;
  http_method: string;
  auth_type: string;
  auth_details: AuthDetails | null;
  /** Mutual TLS: the client certificate to present (key and passphrase sealed); null: none. */
  client_tls?: ClientTls | null;
  /** Its application's own egress proxy (password sealed); null or absent: the global one. */
  outbound_proxy?: StoredOutboundProxy | null;
  secret: string;
  max_retries: number | null;
  /** The subscription's limits: sends at once per process, and deliveries per second (null: none). */
  max_in_flight?: number | null;
  rate_limit_per_second?: number | null;
  /** False when the event has callbacks off (no finished-occurrence check needed); unknown otherwise. */
  has_callbacks?: boolean;
  /** When its occurrence was emitted (epoch ms), for the emit-to-final-status latency. */
  emitted_at_ms: number;
  /** The parent of its attempt's span: the emit's (stored with the occurrence), or the queue message's. */
  trace_parent: string | null;
  /** A FIFO event's delivery: once final, the next of its key may be claimed (the claim loop is woken). */
  is_fifo?: boolean;
};
