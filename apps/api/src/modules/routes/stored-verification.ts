import {
  findMissingVerificationSecrets,
  MASKED_SECRET,
  type TVerification,
  VERIFICATION_FIELD_MESSAGES,
  VERIFICATION_FIELDS,
  VERIFICATION_SECRET_FIELDS,
} from '@wm/contracts';
import type { StoredVerification } from '../../db/schema';
import { badRequest } from '../../domain/errors';
import type { Cipher } from '../../lib/crypto';

type SecretField = 'secret' | 'password' | 'value';
const isSecretField = (field: string): field is SecretField =>
  (VERIFICATION_SECRET_FIELDS as readonly string[]).includes(field);

/**
 * The verification to store from what was written: only the fields its type uses, new secrets
 * sealed. A secret left out (or sent back masked) keeps the stored one while the type is the same;
 * a required secret known neither way is a 400 naming it. Undefined: keep the stored verification
 * as it is; null: not configured.
 */
export function toStoredVerification(
  cipher: Cipher,
  input: TVerification | null | undefined,
  stored: StoredVerification | null,
): StoredVerification | null | undefined {
  if (input === undefined || input === null) return input;
  const { required, optional } = VERIFICATION_FIELDS[input.type];
  const next: StoredVerification = { type: input.type };
  for (const field of [...required, ...optional]) {
    const given = input[field];
    if (!isSecretField(field)) {
      if (given !== undefined) Object.assign(next, { [field]: given });
      continue;
    }
    if (given !== undefined && given !== MASKED_SECRET) next[field] = cipher.seal(given);
    else if (stored?.type === input.type && typeof stored[field] === 'string') next[field] = stored[field];
  }
  if (input.type === 'HMAC_SHA256') next.encoding ??= 'hex';
  const missing = findMissingVerificationSecrets(input.type, next);
  if (missing.length > 0) {
    const details = missing.map((field) => ({
      path: `verification.${field}`,
      message: VERIFICATION_FIELD_MESSAGES[field],
    }));
    throw badRequest(details[0]?.message ?? 'Verificação incompleta', details);
  }
  return next;
}
