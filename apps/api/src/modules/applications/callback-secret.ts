import type { TCallbackSecretResponse } from '@wm/contracts';
import { newWebhookSecret } from '@wm/standard-webhooks';
import type { AppContext } from '../../context';
import type { SessionUser } from '../../domain/session-user';
import { applicationInternalAccess, requireAccess } from '../access';
import { findCallbackSecret, setCallbackSecret } from './queries';

/** The callback secret, decrypted for a member who may edit the application; outsiders get 404. */
export async function getCallbackSecret(
  ctx: AppContext,
  user: SessionUser,
  id: string,
): Promise<TCallbackSecretResponse> {
  await requireAccess(ctx, user, applicationInternalAccess, id, 'write');
  const sealedSecret = await findCallbackSecret(ctx.db, id);
  // Filled at every start; a row written meanwhile by an older process gets one now.
  if (!sealedSecret) return rotateCallbackSecret(ctx, user, id);
  return { secret: ctx.cipher.open(sealedSecret) };
}

/** A new secret signs the next callbacks; the old one stops verifying at once. */
export async function rotateCallbackSecret(
  ctx: AppContext,
  user: SessionUser,
  id: string,
): Promise<TCallbackSecretResponse> {
  await requireAccess(ctx, user, applicationInternalAccess, id, 'write');
  const secret = newWebhookSecret();
  await setCallbackSecret(ctx.db, id, ctx.cipher.seal(secret), ctx.clock());
  return { secret };
}
