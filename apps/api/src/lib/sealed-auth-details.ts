import { AUTH_SECRET_FIELDS } from '@wm/contracts';
import type { Cipher } from './crypto';

/** Fields of any auth type that hold a secret (password, token, API key value); the rest stay readable. */
const SECRET_FIELDS = new Set(Object.values(AUTH_SECRET_FIELDS).flat());

type Details = Record<string, string | undefined>;

const mapSecretFields = <T extends Details | null | undefined>(
  details: T,
  map: (value: string) => string,
): T => {
  if (!details) return details;
  const mapped: Details = {};
  for (const [field, value] of Object.entries(details)) {
    mapped[field] = typeof value === 'string' && SECRET_FIELDS.has(field) ? map(value) : value;
  }
  return mapped as T;
};

/** Auth details as stored: their secret fields sealed. */
export const sealAuthDetails = <T extends Details | null | undefined>(cipher: Cipher, details: T): T =>
  mapSecretFields(details, cipher.seal);

/** Auth details as sent or shown to who may edit them: their secret fields opened. */
export const openAuthDetails = <T extends Details | null | undefined>(cipher: Cipher, details: T): T =>
  mapSecretFields(details, cipher.open);
