import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { verifyWebhook, WebhookVerificationError } from './verify-webhook';

const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;
const NOW = new Date('2026-11-23T10:00:00Z');
const now = () => NOW;

/** A request signed by the reference implementation of Standard Webhooks. */
function signed(secret: string, body: string, options: { id?: string; at?: Date } = {}) {
  const id = options.id ?? 'msg_2p5gGcQ1';
  const at = options.at ?? NOW;
  return {
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, at, body),
  };
}

function failure(run: () => unknown): WebhookVerificationError {
  try {
    run();
  } catch (error) {
    if (error instanceof WebhookVerificationError) return error;
    throw error;
  }
  throw new Error('expected the verification to fail');
}

describe('verifyWebhook against standardwebhooks signatures', () => {
  const secret = newSecret();
  const body = JSON.stringify({ event: 'pedido.criado', data: { total: 10.5, cliente: 'Zé' } });

  it('accepts a genuine request and answers its id, time and parsed payload', () => {
    const verified = verifyWebhook(secret, signed(secret, body), body, { now });
    expect(verified).toEqual({
      id: 'msg_2p5gGcQ1',
      timestamp: NOW,
      payload: { event: 'pedido.criado', data: { total: 10.5, cliente: 'Zé' } },
    });
  });

  it('verifies the raw bytes as received, Fetch Headers and headers in any letter case', () => {
    const headers = signed(secret, body);
    expect(verifyWebhook(secret, new Headers(headers), Buffer.from(body), { now }).id).toBe('msg_2p5gGcQ1');
    const shouted = Object.fromEntries(
      Object.entries(headers).map(([name, value]) => [name.toUpperCase(), value]),
    );
    expect(verifyWebhook(secret, shouted, new TextEncoder().encode(body), { now }).id).toBe('msg_2p5gGcQ1');
  });

  it('agrees with the reference verifier on the same request', () => {
    const headers = signed(secret, body, { at: new Date() });
    expect(verifyWebhook(secret, headers, body).payload).toEqual(new Webhook(secret).verify(body, headers));
  });

  it('accepts any matching entry while a secret is rotated, ignoring unknown versions', () => {
    const previous = newSecret();
    const headers = signed(secret, body);
    const old = signed(previous, body)['webhook-signature'];
    headers['webhook-signature'] = `v1a,bm90LWEtc2lnbmF0dXJl ${old} ${headers['webhook-signature']}`;
    expect(verifyWebhook(secret, headers, body, { now }).id).toBe('msg_2p5gGcQ1');
    expect(verifyWebhook(previous, headers, body, { now }).id).toBe('msg_2p5gGcQ1');
    expect(failure(() => verifyWebhook(newSecret(), headers, body, { now })).code).toBe(
      'WEBHOOK_SIGNATURE_INVALID',
    );
  });

  it('refuses a tampered body, id or timestamp', () => {
    const headers = signed(secret, body);
    const tampered = body.replace('10.5', '1000.5');
    expect(failure(() => verifyWebhook(secret, headers, tampered, { now })).code).toBe(
      'WEBHOOK_SIGNATURE_INVALID',
    );
    expect(
      failure(() => verifyWebhook(secret, { ...headers, 'webhook-id': 'msg_other' }, body, { now })).code,
    ).toBe('WEBHOOK_SIGNATURE_INVALID');
    const later = String(Number(headers['webhook-timestamp']) + 1);
    expect(
      failure(() => verifyWebhook(secret, { ...headers, 'webhook-timestamp': later }, body, { now })).code,
    ).toBe('WEBHOOK_SIGNATURE_INVALID');
  });

  it('refuses a signature made with another secret, with a pt-BR message', () => {
    const error = failure(() => verifyWebhook(newSecret(), signed(secret, body), body, { now }));
    expect(error.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    expect(error.message).toBe('Nenhuma assinatura da requisição confere com o segredo.');
  });

  it('holds the tolerance window both ways, 5 minutes by default, configurable', () => {
    const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);
    expect(verifyWebhook(secret, signed(secret, body, { at: at(-300) }), body, { now }).id).toBeTruthy();
    expect(verifyWebhook(secret, signed(secret, body, { at: at(300) }), body, { now }).id).toBeTruthy();
    expect(
      failure(() => verifyWebhook(secret, signed(secret, body, { at: at(-301) }), body, { now })).code,
    ).toBe('WEBHOOK_TIMESTAMP_TOO_OLD');
    expect(
      failure(() => verifyWebhook(secret, signed(secret, body, { at: at(301) }), body, { now })).code,
    ).toBe('WEBHOOK_TIMESTAMP_TOO_NEW');
    const anHourAgo = signed(secret, body, { at: at(-3600) });
    expect(verifyWebhook(secret, anHourAgo, body, { now, toleranceSeconds: 3601 }).id).toBeTruthy();
    expect(failure(() => verifyWebhook(secret, anHourAgo, body, { now, toleranceSeconds: 60 })).code).toBe(
      'WEBHOOK_TIMESTAMP_TOO_OLD',
    );
  });

  it('refuses missing headers, a malformed timestamp and a malformed secret', () => {
    const headers = signed(secret, body);
    const { 'webhook-signature': _, ...unsigned } = headers;
    expect(failure(() => verifyWebhook(secret, unsigned, body, { now })).code).toBe(
      'WEBHOOK_HEADERS_MISSING',
    );
    expect(
      failure(() => verifyWebhook(secret, { ...headers, 'webhook-timestamp': '1.7e9' }, body, { now })).code,
    ).toBe('WEBHOOK_TIMESTAMP_INVALID');
    expect(failure(() => verifyWebhook('whsec_não-base64!', headers, body, { now })).code).toBe(
      'WEBHOOK_SECRET_INVALID',
    );
    expect(failure(() => verifyWebhook('whsec_', headers, body, { now })).code).toBe(
      'WEBHOOK_SECRET_INVALID',
    );
  });

  it('answers an undefined payload for an empty signed body and refuses a signed body that is not JSON', () => {
    expect(verifyWebhook(secret, signed(secret, ''), '', { now }).payload).toBeUndefined();
    expect(failure(() => verifyWebhook(secret, signed(secret, 'ok'), 'ok', { now })).code).toBe(
      'WEBHOOK_PAYLOAD_INVALID',
    );
  });
});
