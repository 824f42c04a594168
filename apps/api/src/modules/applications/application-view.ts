import { type AuthType, maskAuthDetails, type TApplicationListItem, type Visibility } from '@wm/contracts';
import type { applications } from '../../db/schema';
import type { Cipher } from '../../lib/crypto';
import { openAuthDetails } from '../../lib/sealed-auth-details';
import type { Permissions } from '../access';
import { toOutboundProxyView } from './outbound-proxy-setting';

type ApplicationRow = typeof applications.$inferSelect;

/** The public shape of an application: never the key, secrets masked unless the caller may edit. */
export function toApplicationView(
  cipher: Cipher,
  application: ApplicationRow,
  permissions: Permissions,
  eventCount: number,
): TApplicationListItem {
  return {
    id: application.id,
    name: application.name,
    apiKeyPrefix: application.apiKeyPrefix,
    visibility: application.visibility as Visibility,
    callbackUrl: application.callbackUrl,
    callbackAuthType: application.callbackAuthType as AuthType,
    callbackAuthDetails: permissions.canWrite
      ? openAuthDetails(cipher, application.callbackAuthDetails ?? null)
      : maskAuthDetails(application.callbackAuthType, application.callbackAuthDetails),
    portal: { ...application.portalSettings },
    outboundProxy: toOutboundProxyView(application.outboundProxy ?? null),
    createdAt: application.createdAt.toISOString(),
    updatedAt: application.updatedAt.toISOString(),
    _count: { events: Number(eventCount) },
    permissions: { ...permissions },
  };
}
