import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { insertApplication, insertEvent, insertSubscription } from './support/delivery-fixtures';
import { makeTestCertificates } from './support/test-certificates';
import { useTestApp } from './support/use-test-app';

// Fuzz of the fields issue #38 added: an application's outboundProxy, a subscription's OAuth2
// client-credentials details and its client certificate. Whatever an editor sends, the answer is a
// 2xx or a 4xx {error, code}, never a 5xx, and a 2xx never answers the secret written.
const certificates = makeTestCertificates();
const harness = useTestApp({}, async (t) => {
  const app = await insertApplication(t.ctx);
  const event = await insertEvent(t.ctx, app.id);
  const subscription = await insertSubscription(t.ctx, event.id);
  return { applicationId: app.id, eventId: event.id, subscriptionId: subscription.id };
});

function expectNoServerError(answer: { status: number; body: unknown }, what: string) {
  expect(answer.status, what).toBeLessThan(500);
  if (answer.status >= 400) {
    expect(answer.body, what).toMatchObject({ error: expect.any(String), code: expect.any(String) });
  }
}

/** Text that looks like a PEM block around anything, or anything at all. */
const pemLike = (label: string) =>
  fc.oneof(
    fc.string({ maxLength: 200 }),
    fc
      .string({ maxLength: 300 })
      .map((inside) => `-----BEGIN ${label}-----\n${inside}\n-----END ${label}-----`),
    fc
      .base64String({ maxLength: 400 })
      .map((inside) => `-----BEGIN ${label}-----\n${inside}\n-----END ${label}-----`),
  );

const proxyUrl = fc.oneof(
  fc.webUrl(),
  fc.string({ maxLength: 100 }),
  fc
    .record({
      scheme: fc.constantFrom('http', 'https', 'socks5', 'ftp'),
      user: fc.string({ maxLength: 20 }),
      password: fc.oneof(
        fc.string({ maxLength: 20 }),
        fc.constantFrom('••••••', '%', '%zz', '%E0%A4%A', 'a%2'),
      ),
      host: fc.oneof(fc.domain(), fc.ipV4(), fc.constant('[::1]'), fc.string({ maxLength: 20 })),
      port: fc.oneof(fc.integer({ min: 0, max: 70_000 }).map(String), fc.string({ maxLength: 6 })),
    })
    .map(({ scheme, user, password, host, port }) => `${scheme}://${user}:${password}@${host}:${port}`),
);

const outboundProxy = fc.oneof(
  fc.constant(null),
  fc.anything(),
  fc.record(
    {
      url: proxyUrl,
      exclude: fc.oneof(
        fc.array(fc.oneof(fc.domain(), fc.string({ maxLength: 30 }), fc.constant('*')), { maxLength: 60 }),
        fc.anything(),
      ),
    },
    { requiredKeys: ['url'] },
  ),
);

const oauth2Details = fc.oneof(
  fc.anything(),
  fc.record(
    {
      tokenUrl: fc.oneof(fc.webUrl(), fc.string({ maxLength: 60 }), fc.constant('http://[::1')),
      clientId: fc.string({ maxLength: 40 }),
      clientSecret: fc.oneof(fc.string({ maxLength: 40 }), fc.constant('••••••')),
      scope: fc.string({ maxLength: 40 }),
      audience: fc.string({ maxLength: 40 }),
      authMethod: fc.oneof(fc.constantFrom('client_secret_basic', 'client_secret_post'), fc.string()),
    },
    { requiredKeys: [] },
  ),
);

const { client, ca, stranger } = certificates;
const clientTls = fc.oneof(
  fc.constant(null),
  fc.anything(),
  fc.record(
    {
      certificate: fc.oneof(fc.constantFrom(client.cert, stranger.cert, client.key), pemLike('CERTIFICATE')),
      privateKey: fc.oneof(
        fc.constantFrom(client.key, stranger.key, certificates.encryptedClientKey, client.cert),
        pemLike('PRIVATE KEY'),
        pemLike('EC PRIVATE KEY'),
        pemLike('ENCRYPTED PRIVATE KEY'),
      ),
      passphrase: fc.oneof(fc.constant(certificates.passphrase), fc.string({ maxLength: 30 })),
      caBundle: fc.oneof(fc.constantFrom(ca.cert, ''), pemLike('CERTIFICATE')),
    },
    { requiredKeys: ['certificate', 'privateKey'] },
  ),
);

/** A 2xx answer must not carry a secret that was written (write-only fields). */
function expectNoSecretBack(answer: { status: number; body: unknown }, secrets: string[], what: string) {
  if (answer.status >= 300) return;
  const text = JSON.stringify(answer.body);
  for (const secret of secrets.filter((each) => each.length >= 8 && !each.includes('•'))) {
    expect(text.includes(secret), `${what}: a secret came back`).toBe(false);
  }
}

describe('OAuth2, mTLS and egress proxy fields fuzz', () => {
  it("When an editor sends any application outboundProxy, then the answer is never a 5xx nor the proxy's password", async () => {
    const { t } = harness;
    await fc.assert(
      fc.asyncProperty(outboundProxy, async (value) => {
        const answer = await t.put(`/v1/applications/${harness.applicationId}`, {
          body: { outboundProxy: value } as object,
        });
        const what = `outboundProxy ${JSON.stringify(value)}`;
        expectNoServerError(answer, what);
        const written =
          typeof value === 'object' && value && 'url' in value ? URL.parse(String(value.url)) : null;
        expectNoSecretBack(answer, written?.password ? [written.password] : [], what);
      }),
      { numRuns: 150 },
    );
  });

  it('When an editor creates or edits a subscription with any OAuth2 details and client certificate, then the answer is never a 5xx nor a secret', async () => {
    const { t } = harness;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('post', 'put'),
        fc.constantFrom('OAUTH2_CLIENT_CREDENTIALS', 'NONE', 'BEARER'),
        oauth2Details,
        clientTls,
        async (method, authType, authDetails, tls) => {
          const body = {
            eventId: harness.eventId,
            name: 'Fuzz',
            targetUrl: 'https://example.com/hook',
            jsonBody: { a: 1 },
            authType,
            authDetails,
            clientTls: tls,
          } as object;
          const answer =
            method === 'post'
              ? await t.post('/v1/subscriptions', { body })
              : await t.put(`/v1/subscriptions/${harness.subscriptionId}`, { body });
          const what = `${method} ${JSON.stringify({ authType, authDetails, clientTls: tls })}`;
          expectNoServerError(answer, what);
          const secrets = [
            (authDetails as { clientSecret?: unknown } | null)?.clientSecret,
            (tls as { privateKey?: unknown } | null)?.privateKey,
            (tls as { passphrase?: unknown } | null)?.passphrase,
          ].filter((each): each is string => typeof each === 'string');
          expectNoSecretBack(answer, secrets, what);
        },
      ),
      { numRuns: 150 },
    );
  });
});
