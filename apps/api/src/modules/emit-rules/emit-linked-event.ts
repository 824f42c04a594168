import { AppError } from '../../domain/errors';
import type { EmitLinkedEvent } from '../../pipeline/run-rule-action';
import { emitEvent } from '../emit/service';

/** A rule's action through the normal emit path: an AppError is the emit refusing, anything else throws. */
export function emitLinkedEventThrough(ctx: Parameters<typeof emitEvent>[0]): EmitLinkedEvent {
  return async (emit) => {
    try {
      const answer = await emitEvent(ctx, emit);
      return { occurrenceId: answer.occurrenceId };
    } catch (error) {
      if (error instanceof AppError) return { refusal: error.message };
      throw error;
    }
  };
}
