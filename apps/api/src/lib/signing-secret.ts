import { randomBytes } from 'node:crypto';

/** Standard Webhooks secret: `whsec_` + base64 of 24 random bytes. */
export const newSigningSecret = (): string => `whsec_${randomBytes(24).toString('base64')}`;
