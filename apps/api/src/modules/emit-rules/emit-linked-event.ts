import { AppError } from '../../domain/errors';
import type { EmitLinkedEvent } from '../../pipeline/run-rule-action';
import { findPreviousAnswer } from '../emit/idempotency';
import { emitEvent } from '../emit/service';

/** A rule's action through the normal emit path: an AppError is the emit refusing, anything else throws. */
export function emitLinkedEventThrough(ctx: Parameters<typeof emitEvent>[0]): EmitLinkedEvent {
  return async (emit) => {
    try {
      const answer = await emitEvent(ctx, { ...emit, isKeyLikelyNew: true });
      return { occurrenceId: answer.occurrenceId };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // The emit skipped the lookup of an earlier answer: an action that went out before (and
      // whose event was, say, deactivated since) answers that emit, as a repeat always has.
      try {
        const previous = await findPreviousAnswer(ctx, emit, emit.idempotencyKey, ctx.clock());
        if (previous) return { occurrenceId: previous.occurrenceId };
      } catch (lookupError) {
        if (!(lookupError instanceof AppError)) throw lookupError;
      }
      return { refusal: error.message };
    }
  };
}
