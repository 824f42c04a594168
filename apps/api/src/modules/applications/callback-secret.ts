import type { TCallbackSecretResponse } from '@wm/contracts';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { applications } from '../../db/schema';
import type { SessionUser } from '../../domain/session-user';
import { newSigningSecret } from '../../lib/signing-secret';
import { applicationInternalAccess, requireAccess } from '../access';

/** The callback secret, decrypted for a member who may edit the application; outsiders get 404. */
export async function getCallbackSecret(
  ctx: AppContext,
  user: SessionUser,
  id: string,
): Promise<TCallbackSecretResponse> {
  await requireAccess(ctx, user, applicationInternalAccess, id, 'write');
  const [application] = await ctx.db
    .select({ callbackSecret: applications.callbackSecret })
    .from(applications)
    .where(eq(applications.id, id));
  // Filled at every start; a row written meanwhile by an older process gets one now.
  if (!application?.callbackSecret) return rotateCallbackSecret(ctx, user, id);
  return { secret: ctx.cipher.open(application.callbackSecret) };
}

/** A new secret signs the next callbacks; the old one stops verifying at once. */
export async function rotateCallbackSecret(
  ctx: AppContext,
  user: SessionUser,
  id: string,
): Promise<TCallbackSecretResponse> {
  await requireAccess(ctx, user, applicationInternalAccess, id, 'write');
  const secret = newSigningSecret();
  await ctx.db
    .update(applications)
    .set({ callbackSecret: ctx.cipher.seal(secret), updatedAt: ctx.clock() })
    .where(eq(applications.id, id));
  return { secret };
}
