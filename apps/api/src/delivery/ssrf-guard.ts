import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isPrivateAddress } from '../lib/private-addresses';

export const BLOCKED_TARGET_MESSAGE = 'Destino bloqueado: endereço privado ou reservado';

/** Raised at connection time when a target resolves to a private or reserved address. */
export class BlockedTargetError extends Error {
  readonly code = 'ERR_BLOCKED_TARGET';
  constructor() {
    super(BLOCKED_TARGET_MESSAGE);
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `net.connect` lookup that resolves once and refuses private answers; the socket
 * connects to the address returned here, so a rebinding DNS cannot swap it afterwards. The
 * targets are also checked when saved, but a name may resolve elsewhere since: this check stays.
 */
export function guardedLookup(
  hostname: string,
  options: { all?: boolean; family?: number | string; hints?: number },
  callback: LookupCallback,
): void {
  dnsLookup(hostname, { ...options, all: true } as { all: true }, (error, addresses) => {
    if (error) return callback(error, '');
    if (addresses.length === 0 || addresses.some((entry) => isPrivateAddress(entry.address))) {
      return callback(new BlockedTargetError() as unknown as NodeJS.ErrnoException, '');
    }
    if (options.all) return callback(null, addresses);
    const first = addresses[0] as LookupAddress;
    callback(null, first.address, first.family);
  });
}
