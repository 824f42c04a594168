import { OAUTH2_TOKEN_OBTAINED, type TSubscriptionTestResult } from '@wm/contracts';
import { OAUTH2_TOKEN_ERROR_PREFIX } from '../../delivery/oauth2-tokens';

/**
 * The token request of an OAuth2 subscription's test, told apart from the receiver's answer: a
 * failed token request is the attempt's error and stops it before the receiver; any other outcome
 * means a token was obtained (the receiver may still have refused the delivery).
 */
export function describeTokenStep(
  authType: string,
  attemptError: string | null,
): TSubscriptionTestResult['tokenStep'] {
  if (authType !== 'OAUTH2_CLIENT_CREDENTIALS') return null;
  if (attemptError?.startsWith(OAUTH2_TOKEN_ERROR_PREFIX)) return { success: false, message: attemptError };
  return { success: true, message: OAUTH2_TOKEN_OBTAINED };
}
