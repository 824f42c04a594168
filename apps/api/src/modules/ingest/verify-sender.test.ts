import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type OpenedVerification, verifySender } from './verify-sender';

const NOW = Date.UTC(2030, 0, 1);
const body = Buffer.from('{"a":1}');
const hmac = (key: string | Buffer, text: string) => createHmac('sha256', key).update(text);

describe('verifySender', () => {
  it('When no verification is configured, then nothing passes; NONE lets everything through', () => {
    expect(verifySender(null, {}, body, NOW)).toMatchObject({ isVerified: false });
    expect(verifySender({ type: 'NONE' }, {}, body, NOW)).toEqual({ isVerified: true });
  });

  it('When an HMAC signature is sent hex or base64, with or without a prefix, then only the exact one passes', () => {
    const hex = {
      type: 'HMAC_SHA256',
      secret: 's',
      header: 'X-Sig',
      encoding: 'hex',
      prefix: 'v1=',
    } as const;
    const signature = hmac('s', body.toString()).digest('hex');
    expect(verifySender(hex, { 'x-sig': `v1=${signature}` }, body, NOW)).toEqual({ isVerified: true });
    expect(verifySender(hex, { 'x-sig': signature }, body, NOW)).toEqual({
      isVerified: false,
      reason: 'Assinatura sem o prefixo v1=',
    });
    expect(verifySender(hex, { 'x-sig': 'v1=zz' }, body, NOW)).toMatchObject({ isVerified: false });
    expect(verifySender(hex, { 'x-sig': `v1=${signature.slice(2)}` }, body, NOW)).toEqual({
      isVerified: false,
      reason: 'Assinatura inválida',
    });
    const base64: OpenedVerification = {
      type: 'HMAC_SHA256',
      secret: 's',
      header: 'X-Sig',
      encoding: 'base64',
    };
    expect(verifySender(base64, { 'x-sig': hmac('s', body.toString()).digest('base64') }, body, NOW)).toEqual(
      { isVerified: true },
    );
    expect(verifySender(base64, {}, body, NOW)).toEqual({
      isVerified: false,
      reason: 'Cabeçalho X-Sig ausente',
    });
  });

  it('When a Stripe header carries several v1 signatures, then any matching one passes within the tolerance', () => {
    const stripe: OpenedVerification = { type: 'STRIPE', secret: 'whsec_x' };
    const t = Math.floor(NOW / 1000);
    const good = hmac('whsec_x', `${t}.${body}`).digest('hex');
    const header = (at: number, ...signatures: string[]) =>
      [`t=${at}`, ...signatures.map((signature) => `v1=${signature}`), 'v0=abc'].join(',');
    expect(verifySender(stripe, { 'stripe-signature': header(t, 'ab'.repeat(32), good) }, body, NOW)).toEqual(
      {
        isVerified: true,
      },
    );
    const late = hmac('whsec_x', `${t - 301}.${body}`).digest('hex');
    expect(verifySender(stripe, { 'stripe-signature': header(t - 301, late) }, body, NOW)).toEqual({
      isVerified: false,
      reason: 'Carimbo de tempo fora da tolerância de 300 s',
    });
    expect(verifySender(stripe, { 'stripe-signature': 't=abc' }, body, NOW)).toMatchObject({
      isVerified: false,
    });
  });

  it("When Svix's own header names carry a Standard Webhooks signature, then it passes too", () => {
    const key = Buffer.alloc(24, 7);
    const secret = `whsec_${key.toString('base64')}`;
    const t = String(Math.floor(NOW / 1000));
    const signature = `v1,${hmac(key, `msg_1.${t}.${body}`).digest('base64')}`;
    const headers = { 'svix-id': 'msg_1', 'svix-timestamp': t, 'svix-signature': `v1,AAAA ${signature}` };
    expect(verifySender({ type: 'STANDARD_WEBHOOKS', secret }, headers, body, NOW)).toEqual({
      isVerified: true,
    });
  });

  it("When a route's stored Standard Webhooks secret holds no base64 key, then a message signed with an empty key is refused, blaming the secret", () => {
    // Decoded leniently, '!!' was an empty key, and an HMAC under an empty key anyone can compute.
    const t = String(Math.floor(NOW / 1000));
    const signature = `v1,${hmac(Buffer.alloc(0), `msg_1.${t}.${body}`).digest('base64')}`;
    const headers = { 'webhook-id': 'msg_1', 'webhook-timestamp': t, 'webhook-signature': signature };
    expect(verifySender({ type: 'STANDARD_WEBHOOKS', secret: 'whsec_!!' }, headers, body, NOW)).toEqual({
      isVerified: false,
      reason: 'Segredo da rota inválido: esperado whsec_ seguido de base64',
    });
  });

  it('When an API key header or Basic credentials are checked, then the exact values pass and any other does not', () => {
    const apiKey: OpenedVerification = { type: 'API_KEY', header: 'X-Token', value: 'k-1' };
    expect(verifySender(apiKey, { 'x-token': 'k-1' }, body, NOW)).toEqual({ isVerified: true });
    expect(verifySender(apiKey, { 'x-token': 'k-1 ' }, body, NOW)).toMatchObject({ isVerified: false });
    const basic: OpenedVerification = { type: 'BASIC', username: 'u', password: 'p:q' };
    const authorization = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;
    expect(verifySender(basic, { authorization: authorization('u:p:q') }, body, NOW)).toEqual({
      isVerified: true,
    });
    expect(verifySender(basic, { authorization: authorization('u:p') }, body, NOW)).toMatchObject({
      isVerified: false,
    });
    expect(verifySender(basic, { authorization: 'Bearer x' }, body, NOW)).toMatchObject({
      isVerified: false,
    });
  });
});
