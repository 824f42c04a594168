import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import {
  decodeWebhookSecret,
  newWebhookSecret,
  SIGNATURE_TOLERANCE_SECONDS,
  signWebhook,
  verifyWebhookSignature,
} from './index';

/** The test vector published with the Standard Webhooks specification and its reference libraries. */
const VECTOR = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  payload: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};
const VECTOR_TIME = new Date(VECTOR.timestamp * 1000);
const vectorHeaders = {
  'webhook-id': VECTOR.id,
  'webhook-timestamp': String(VECTOR.timestamp),
  'webhook-signature': VECTOR.signature,
};
const secondsLater = (seconds: number) => new Date((VECTOR.timestamp + seconds) * 1000);

describe('the published Standard Webhooks test vector', () => {
  it('When the vector is signed, then the signature is the published one, as the reference library makes it', () => {
    expect(signWebhook(VECTOR.secret, VECTOR.id, VECTOR.timestamp, VECTOR.payload)).toBe(VECTOR.signature);
    expect(new Webhook(VECTOR.secret).sign(VECTOR.id, VECTOR_TIME, VECTOR.payload)).toBe(VECTOR.signature);
    expect(signWebhook(VECTOR.secret, VECTOR.id, VECTOR.timestamp, Buffer.from(VECTOR.payload))).toBe(
      VECTOR.signature,
    );
  });

  it('When the vector is verified at its time, then it is valid, with its id and time', () => {
    expect(
      verifyWebhookSignature(VECTOR.secret, vectorHeaders, VECTOR.payload, { now: VECTOR_TIME }),
    ).toEqual({
      isValid: true,
      id: VECTOR.id,
      timestamp: VECTOR_TIME,
    });
  });

  it('When the secret is given without its whsec_ prefix, then it is the same key', () => {
    const bare = VECTOR.secret.slice('whsec_'.length);
    expect(signWebhook(bare, VECTOR.id, VECTOR.timestamp, VECTOR.payload)).toBe(VECTOR.signature);
    expect(decodeWebhookSecret(bare)).toEqual(decodeWebhookSecret(VECTOR.secret));
  });
});

describe('verifyWebhookSignature', () => {
  const check = (headers: Record<string, string>, options: { now?: Date; toleranceSeconds?: number } = {}) =>
    verifyWebhookSignature(VECTOR.secret, headers, VECTOR.payload, { now: VECTOR_TIME, ...options });
  const failureOf = (...args: Parameters<typeof check>) => {
    const result = check(...args);
    return result.isValid ? 'VALID' : result.failure;
  };

  it('When the body, the id or the timestamp differ from what was signed, then the signature is invalid', () => {
    expect(
      verifyWebhookSignature(VECTOR.secret, vectorHeaders, '{"test": 2432232315}', { now: VECTOR_TIME }),
    ).toEqual({ isValid: false, failure: 'SIGNATURE_INVALID' });
    expect(failureOf({ ...vectorHeaders, 'webhook-id': 'msg_other' })).toBe('SIGNATURE_INVALID');
    expect(failureOf({ ...vectorHeaders, 'webhook-timestamp': String(VECTOR.timestamp + 1) })).toBe(
      'SIGNATURE_INVALID',
    );
  });

  it('When another secret signed it, then it is invalid; while a secret is rotated, any v1 entry may match', () => {
    const other = newWebhookSecret();
    const otherSignature = signWebhook(other, VECTOR.id, VECTOR.timestamp, VECTOR.payload);
    expect(failureOf({ ...vectorHeaders, 'webhook-signature': otherSignature })).toBe('SIGNATURE_INVALID');
    const both = `v1a,${VECTOR.signature.slice(3)} ${otherSignature} ${VECTOR.signature}`;
    expect(failureOf({ ...vectorHeaders, 'webhook-signature': both })).toBe('VALID');
    const onlyOtherVersions = `v2,${VECTOR.signature.slice(3)} v1a,${VECTOR.signature.slice(3)}`;
    expect(failureOf({ ...vectorHeaders, 'webhook-signature': onlyOtherVersions })).toBe('SIGNATURE_INVALID');
  });

  it('When a signature is the right one written another way, then it is refused, as the reference does', () => {
    const unpadded = VECTOR.signature.replace(/=+$/, '');
    expect(failureOf({ ...vectorHeaders, 'webhook-signature': unpadded })).toBe('SIGNATURE_INVALID');
    const trailing = `${VECTOR.signature}!!`;
    expect(failureOf({ ...vectorHeaders, 'webhook-signature': trailing })).toBe('SIGNATURE_INVALID');
    const wide = `v1,${'é'.repeat(VECTOR.signature.length - 3)}`;
    expect(failureOf({ ...vectorHeaders, 'webhook-signature': wide })).toBe('SIGNATURE_INVALID');
  });

  it('When the timestamp is up to the tolerance away either way, then it passes; one second more, it does not', () => {
    expect(SIGNATURE_TOLERANCE_SECONDS).toBe(300);
    expect(failureOf(vectorHeaders, { now: secondsLater(300) })).toBe('VALID');
    expect(failureOf(vectorHeaders, { now: secondsLater(-300) })).toBe('VALID');
    expect(failureOf(vectorHeaders, { now: secondsLater(301) })).toBe('TIMESTAMP_TOO_OLD');
    expect(failureOf(vectorHeaders, { now: secondsLater(-301) })).toBe('TIMESTAMP_TOO_NEW');
    expect(failureOf(vectorHeaders, { now: secondsLater(3600), toleranceSeconds: 3600 })).toBe('VALID');
    expect(failureOf(vectorHeaders, { now: secondsLater(61), toleranceSeconds: 60 })).toBe(
      'TIMESTAMP_TOO_OLD',
    );
  });

  it('When a stale message is also forged, then its time is what is refused: the time is checked first', () => {
    expect(failureOf({ ...vectorHeaders, 'webhook-id': 'msg_other' }, { now: secondsLater(301) })).toBe(
      'TIMESTAMP_TOO_OLD',
    );
  });

  it('When headers are missing, the timestamp is not whole seconds or the secret is not base64, then it says which', () => {
    const { 'webhook-signature': _, ...unsigned } = vectorHeaders;
    expect(failureOf(unsigned)).toBe('HEADERS_MISSING');
    expect(failureOf({ ...vectorHeaders, 'webhook-id': '' })).toBe('HEADERS_MISSING');
    expect(failureOf({ ...vectorHeaders, 'webhook-timestamp': '1.6e9' })).toBe('TIMESTAMP_INVALID');
    expect(failureOf({ ...vectorHeaders, 'webhook-timestamp': '-1614265330' })).toBe('TIMESTAMP_INVALID');
    for (const secret of ['whsec_', 'whsec_não-base64!', 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaS']) {
      expect(verifyWebhookSignature(secret, vectorHeaders, VECTOR.payload, { now: VECTOR_TIME })).toEqual({
        isValid: false,
        failure: 'SECRET_INVALID',
      });
    }
  });

  it("When the headers come as Fetch Headers, in another letter case or under Svix's names, then they are read", () => {
    const now = { now: VECTOR_TIME };
    expect(
      verifyWebhookSignature(VECTOR.secret, new Headers(vectorHeaders), VECTOR.payload, now).isValid,
    ).toBe(true);
    const shouted = Object.fromEntries(
      Object.entries(vectorHeaders).map(([name, value]) => [name.toUpperCase(), value]),
    );
    expect(failureOf(shouted)).toBe('VALID');
    const svix = Object.fromEntries(
      Object.entries(vectorHeaders).map(([name, value]) => [name.replace('webhook-', 'svix-'), value]),
    );
    expect(failureOf(svix)).toBe('VALID');
  });

  it('When the body is given as bytes, then the bytes are what is verified', () => {
    const bytes = new TextEncoder().encode(VECTOR.payload);
    expect(verifyWebhookSignature(VECTOR.secret, vectorHeaders, bytes, { now: VECTOR_TIME }).isValid).toBe(
      true,
    );
  });
});

describe('secrets', () => {
  it('When a secret is made, then it is whsec_ and 24 random bytes, and the reference library verifies what it signs', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(decodeWebhookSecret(secret)).toHaveLength(24);
    expect(newWebhookSecret()).not.toBe(secret);
    const now = new Date();
    const timestamp = Math.floor(now.getTime() / 1000);
    const headers = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(secret, 'msg_1', timestamp, '{"a":1}'),
    };
    expect(new Webhook(secret).verify('{"a":1}', headers)).toEqual({ a: 1 });
  });

  it('When a secret is not padded base64 after its prefix, then it has no key and signing with it throws', () => {
    expect(decodeWebhookSecret('whsec_')).toBeNull();
    expect(decodeWebhookSecret('whsec_YWJj')).toEqual(new TextEncoder().encode('abc'));
    expect(decodeWebhookSecret('whsec_YWI=')).toEqual(new TextEncoder().encode('ab'));
    for (const invalid of ['whsec_YWI', 'whsec_YW-j', 'whsec_YWJj ', 'whsec_Y===']) {
      expect(decodeWebhookSecret(invalid)).toBeNull();
    }
    expect(() => signWebhook('whsec_YWI', 'msg_1', 1, '')).toThrow(/whsec_/);
  });
});
