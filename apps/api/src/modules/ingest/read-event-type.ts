import type { TEventTypeFrom } from '@wm/contracts';
import { getPath } from '@wm/rules';
import { type InboundHeaders, readHeaderValue } from './verify-sender';

/** A route's event types by alias: whether each is active. */
export type RouteEventTypes = ReadonlyMap<string, boolean>;

export type EventTypeReading = { alias: string } | { alias: string | null; reason: string };

/** Long senders' values are cut in messages (they are stored whole with the request). */
const quoted = (value: string) => `"${value.length > 100 ? `${value.slice(0, 100)}…` : value}"`;

/**
 * The request's event type, from a header (`X-GitHub-Event`), a path in the body (`type` for
 * Stripe) or fixed, matched to the route's active event types by alias (as sent, else lowercased).
 * When none matches, why (the value read, if any, is kept with the request).
 */
export function readEventType(
  from: TEventTypeFrom,
  headers: InboundHeaders,
  data: unknown,
  eventTypes: RouteEventTypes,
): EventTypeReading {
  let value: string | undefined;
  if (from.source === 'FIXED') value = from.value;
  else if (from.source === 'HEADER') {
    value = readHeaderValue(headers, from.value)?.trim();
    if (!value)
      return { alias: null, reason: `Cabeçalho ${from.value} ausente: tipo de evento desconhecido` };
  } else {
    const found = getPath(data, from.value);
    const read = found.found ? found.value : undefined;
    if (typeof read !== 'string' && typeof read !== 'number') {
      return { alias: null, reason: `Caminho ${from.value} ausente no corpo: tipo de evento desconhecido` };
    }
    value = String(read).trim();
  }
  const alias = eventTypes.has(value) ? value : value.toLowerCase();
  const isActive = eventTypes.get(alias);
  if (isActive === undefined) {
    return { alias: value, reason: `Tipo de evento ${quoted(value)} não cadastrado nesta rota` };
  }
  if (!isActive) return { alias, reason: `Tipo de evento ${quoted(alias)} inativo nesta rota` };
  return { alias };
}
