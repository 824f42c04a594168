import { isPrivateTarget } from '../lib/private-addresses';
import { validationError } from './errors';

export const PRIVATE_TARGET_MESSAGE =
  'O destino aponta para um endereço privado ou reservado; use um endereço público';

/**
 * Refuses (400) a webhook or callback URL whose host is a private, loopback, link-local or
 * reserved address, or a name resolving to one, unless private targets are allowed: saved, it
 * would only fail at every send. The check when the socket connects stays, since a name may
 * resolve elsewhere later. `path` names the field in the answer's details.
 */
export async function refusePrivateTarget(
  isAllowed: boolean,
  url: string | null | undefined,
  path: string,
): Promise<void> {
  if (isAllowed || !url) return;
  if (await isPrivateTarget(url)) throw privateTargetRefusal(path);
}

/** The 400 for a target found private, when saved or when a test's socket connects. */
export const privateTargetRefusal = (path: string) =>
  validationError(PRIVATE_TARGET_MESSAGE, [{ path, message: PRIVATE_TARGET_MESSAGE }]);
