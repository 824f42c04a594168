import { isReservedHeaderName } from '@wm/contracts';
import type { AuthDetails } from '../db/schema/applications';

/**
 * The outbound authentication header of a subscription or callback: BASIC, BEARER or a custom
 * API_KEY header. A custom header with a reserved name (host, content-length, connection, …),
 * refused on save but possibly stored before that rule, is never sent.
 */
export function authHeaders(
  authType: string,
  details: AuthDetails | null | undefined,
): Record<string, string> {
  if (!details) return {};
  if (authType === 'BASIC' && details.username !== undefined) {
    const encoded = Buffer.from(`${details.username}:${details.password ?? ''}`).toString('base64');
    return { authorization: `Basic ${encoded}` };
  }
  if (authType === 'BEARER' && details.token) return { authorization: `Bearer ${details.token}` };
  if (authType === 'API_KEY' && details.key && !isReservedHeaderName(details.key))
    return { [details.key.toLowerCase()]: details.value ?? '' };
  return {};
}
