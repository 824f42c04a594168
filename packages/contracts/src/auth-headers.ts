import { isReservedHeaderName } from './auth-details';

/** Base64 of the text's UTF-8 bytes (RFC 7617's charset), without Node's Buffer so a browser runs it too. */
function utf8Base64(text: string): string {
  return btoa(Array.from(new TextEncoder().encode(text), (byte) => String.fromCharCode(byte)).join(''));
}

/**
 * The authentication header of a target (a subscription, an event's callback) for its auth type,
 * as deliveries, callbacks and the console's test sends all carry it: BASIC (`user:password` in
 * UTF-8, base64), BEARER, or a custom API_KEY header (its name in lower case). Details without the
 * field the type needs (a username, a token, a key) send nothing, and so does a custom header with
 * a reserved name (refused on save, but possibly stored before that rule).
 */
export function buildAuthHeaders(
  authType: string,
  details: Readonly<Record<string, string>> | null | undefined,
): Record<string, string> {
  if (!details) return {};
  if (authType === 'BASIC' && details.username !== undefined)
    return { authorization: `Basic ${utf8Base64(`${details.username}:${details.password ?? ''}`)}` };
  if (authType === 'BEARER' && details.token) return { authorization: `Bearer ${details.token}` };
  if (authType === 'API_KEY' && details.key && !isReservedHeaderName(details.key))
    return { [details.key.toLowerCase()]: details.value ?? '' };
  return {};
}
