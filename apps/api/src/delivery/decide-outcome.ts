import { EVENT_QUEUE_DEFAULTS } from '@wm/contracts';
import { listDelayMs, parseRetryAfter } from '../lib/backoff';
import type { SendOutcome } from './sender';

export type DeliveryDecision = {
  status: 'SUCCESS' | 'RETRYING' | 'FAILED';
  nextAttemptAt: Date | null;
  /** 410 Gone: the receiver asks us to stop; the subscription is set FAILED. */
  isGone: boolean;
};

/**
 * What an attempt means: 2xx succeeds; a blocked target or 410 fails at once;
 * anything else retries on the schedule (Retry-After wins on 429/503) until the
 * event's maxRetries retries are spent.
 */
export function decideOutcome(input: {
  outcome: SendOutcome;
  attemptNumber: number;
  maxRetries: number | null;
  retryDelaysMs: number[];
  now: Date;
  random?: () => number;
}): DeliveryDecision {
  const { outcome, attemptNumber, now } = input;
  const status = outcome.httpStatusCode;
  if (status !== null && status >= 200 && status < 300) {
    return { status: 'SUCCESS', nextAttemptAt: null, isGone: false };
  }
  if (outcome.isBlocked) return { status: 'FAILED', nextAttemptAt: null, isGone: false };
  if (status === 410) return { status: 'FAILED', nextAttemptAt: null, isGone: true };
  const maxRetries = input.maxRetries ?? EVENT_QUEUE_DEFAULTS.maxRetries;
  if (attemptNumber > maxRetries) return { status: 'FAILED', nextAttemptAt: null, isGone: false };
  const retryAfterMs = status === 429 || status === 503 ? parseRetryAfter(outcome.retryAfter, now) : null;
  const delay = retryAfterMs ?? listDelayMs(attemptNumber, input.retryDelaysMs, input.random);
  return { status: 'RETRYING', nextAttemptAt: new Date(now.getTime() + delay), isGone: false };
}
