import type { TCallbackTestResult } from '@wm/contracts';
import type { AppContext } from '../../context';
import { sendTestCallback } from '../../delivery/callbacks';
import { outboundProxyOf } from '../../delivery/outbound-proxy';
import { createSender } from '../../delivery/sender';
import { conflict } from '../../domain/errors';
import type { SessionUser } from '../../domain/session-user';
import { privateTargetRefusal, refusePrivateTarget } from '../../domain/target-url';
import { eventAccess, requireAccess } from '../access';
import { findApplicationOutboundProxy, findCallbackSecret } from './queries';

export const CALLBACK_NOT_CONFIGURED = 'Callback não habilitado ou URL não configurada';

/**
 * 'Testar Callback': the server POSTs a test report to the event's callback URL now, signed and
 * authenticated as real reports are, and answers what came back (200 even when the callback failed:
 * `success` says how it went; a private target is refused with 400, as when saved). Sent from the server, it needs no CORS from the receiver, and the
 * credentials never reach the browser. Needs edit rights on the event.
 */
export async function testEventCallback(
  ctx: AppContext,
  user: SessionUser,
  id: string,
): Promise<TCallbackTestResult> {
  const { row: event } = await requireAccess(ctx, user, eventAccess, id, 'write');
  if (!event.enableCallbacks || !event.callbackUrl) throw conflict(CALLBACK_NOT_CONFIGURED);
  await refusePrivateTarget(ctx.config.ALLOW_PRIVATE_TARGETS, event.callbackUrl, 'callbackUrl');
  const sender = createSender({
    timeoutMs: ctx.config.DELIVERY_TIMEOUT_MS,
    allowPrivateTargets: ctx.config.ALLOW_PRIVATE_TARGETS,
    proxy: outboundProxyOf(ctx.config),
  });
  try {
    const outcome = await sendTestCallback(ctx, sender, {
      event_id: event.id,
      alias: event.alias,
      callback_url: event.callbackUrl,
      callback_auth_type: event.callbackAuthType,
      callback_auth_details: event.callbackAuthDetails,
      callback_secret: await findCallbackSecret(ctx.db, event.applicationId),
      outbound_proxy: await findApplicationOutboundProxy(ctx.db, event.applicationId),
    });
    // The name resolved to a private address only now: refused as when saved.
    if (outcome.isBlocked) throw privateTargetRefusal('callbackUrl');
    const isSuccess =
      outcome.httpStatusCode !== null && outcome.httpStatusCode >= 200 && outcome.httpStatusCode < 300;
    return {
      success: isSuccess,
      httpStatusCode: outcome.httpStatusCode,
      durationMs: outcome.durationMs,
      error: outcome.error ?? (isSuccess ? null : `Resposta HTTP ${outcome.httpStatusCode}`),
      responseBody: outcome.responseBody,
    };
  } finally {
    await sender.close();
  }
}
