import { WebhookVerificationError } from '@wm/sdk/webhooks';

/** The SDK's refusal code when `run` throws a verification error, or 'VERIFIED' when it does not throw. */
export function readVerificationCode(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof WebhookVerificationError) return error.code;
    throw error;
  }
  return 'VERIFIED';
}
