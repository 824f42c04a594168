import type { TEmitResponse } from '@wm/contracts';
import type { AppContext } from '../../context';
import { conflict } from '../../domain/errors';
import { IDEMPOTENCY_WINDOW_MS } from '../../lib/idempotency-window';
import type { EmitInput } from './emit-input';
import { findOccurrenceByKey } from './queries';

export const IDEMPOTENCY_KEY_REUSED =
  'Este externalEventId (ou Idempotency-Key) já foi usado por outro tipo de evento nas últimas 24 horas';

/**
 * The answer of an earlier emit with the same key within the window: a repeat is a no-op. The same
 * key on another event type is not a repeat, and answering the first emit would drop this one
 * without a word: a conflict instead.
 */
export async function findPreviousAnswer<Answer = TEmitResponse>(
  ctx: AppContext,
  input: Pick<EmitInput, 'applicationId' | 'eventType'>,
  key: string,
  now: Date,
) {
  const since = new Date(now.getTime() - IDEMPOTENCY_WINDOW_MS);
  const previous = await findOccurrenceByKey(ctx.db, input.applicationId, key, since);
  if (!previous) return null;
  if (previous.eventType !== input.eventType) throw conflict(IDEMPOTENCY_KEY_REUSED);
  return (previous.response as Answer | undefined) ?? null;
}
