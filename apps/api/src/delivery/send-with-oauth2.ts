import type { AppContext } from '../context';
import { buildDeliveryRequest, type DeliveryTarget } from './build-request';
import type { OAuth2Credentials } from './oauth2-tokens';
import type { Sender, SendOutcome } from './sender';

/**
 * A delivery to an OAuth2 client-credentials subscription: the subscription's cached token as
 * Bearer; a 401 from the receiver drops that token and the attempt is sent once more with a new one.
 * A token endpoint failure is the attempt's outcome (no request to the receiver), retried with the
 * delivery's backoff like any failed attempt.
 */
export async function sendWithOAuth2(
  ctx: Pick<AppContext, 'oauth2Tokens'>,
  sender: Sender,
  subscriptionId: string,
  target: DeliveryTarget,
  now: Date,
): Promise<SendOutcome> {
  const credentials = (target.authDetails ?? {}) as unknown as OAuth2Credentials;
  const first = await ctx.oauth2Tokens.getToken(subscriptionId, credentials, undefined, target.proxy);
  if (!first.ok) return tokenFailure(first.error, first.isBlocked);
  const outcome = await sender.send(withBearer(target, first.token, now));
  if (outcome.httpStatusCode !== 401) return outcome;
  const renewed = await ctx.oauth2Tokens.getToken(subscriptionId, credentials, first.token, target.proxy);
  if (!renewed.ok) return tokenFailure(renewed.error, renewed.isBlocked);
  const retried = await sender.send(withBearer(target, renewed.token, now));
  return { ...retried, durationMs: outcome.durationMs + retried.durationMs };
}

/** The signed request with the token in place of the static auth headers. */
function withBearer(target: DeliveryTarget, token: string, now: Date) {
  const request = buildDeliveryRequest({ ...target, authType: 'NONE', authDetails: null }, now);
  return { ...request, headers: { ...request.headers, authorization: `Bearer ${token}` } };
}

const tokenFailure = (error: string, isBlocked: boolean): SendOutcome => ({
  durationMs: 0,
  httpStatusCode: null,
  responseBody: null,
  retryAfter: null,
  error,
  isBlocked,
});
