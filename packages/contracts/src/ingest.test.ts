import { describe, expect, it } from 'vitest';
import { MASKED_SECRET } from './auth-details';
import { ZVerificationInput } from './ingest';

const SECRET_MESSAGE = 'Segredo deve ser whsec_ seguido de 24 a 64 bytes em base64';
const base64Of = (bytes: number) => Buffer.alloc(bytes, 7).toString('base64');
const secretIssues = (secret: string) =>
  (ZVerificationInput.safeParse({ type: 'STANDARD_WEBHOOKS', secret }).error?.issues ?? []).map(
    (issue) => issue.message,
  );

describe("a route's Standard Webhooks secret", () => {
  it('When it is whsec_ (or nothing) and 24 to 64 bytes of padded base64, then it is accepted', () => {
    for (const secret of [
      `whsec_${base64Of(24)}`,
      `whsec_${base64Of(25)}`,
      `whsec_${base64Of(64)}`,
      base64Of(32),
      MASKED_SECRET,
    ]) {
      expect(secretIssues(secret)).toEqual([]);
    }
  });

  it('When its key is too short, too long, or not base64 that a verifier can read, then the form says so', () => {
    for (const secret of [
      `whsec_${base64Of(23)}`,
      `whsec_${base64Of(65)}`,
      // Base64 of 24 bytes and a character: no key at all, so nothing it signs could ever verify.
      `whsec_${base64Of(24)}A`,
      `whsec_${base64Of(25).replace(/=+$/, '')}`,
      `whsec_${base64Of(24).slice(0, -1)}-`,
      'whsec_',
    ]) {
      expect(secretIssues(secret)).toEqual([SECRET_MESSAGE]);
    }
  });
});
