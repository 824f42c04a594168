import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApplicationAs } from './support/applications';
import { createTestApp, type TestApp } from './support/test-app';

type User = Awaited<ReturnType<TestApp['createUser']>>;

const NEUTRAL =
  'Convite registrado. Se este e-mail pertencer a uma conta, a pessoa verá o convite ao entrar no Webhook Manager.';

describe('adding a member by e-mail as a non-admin: an invitation', () => {
  let t: TestApp;
  let owner: User;
  let invitee: User;
  let intruder: User;
  let app: { id: string; name: string };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.createUser({ name: 'Olga Dona' });
    invitee = await t.createUser({ name: 'Nome Secreto Da Silva' });
    intruder = await t.createUser({ name: 'Intrusa' });
    app = await createApplicationAs(t, owner.token, 'Compartilhada');
  });
  afterAll(async () => {
    await t?.close();
  });

  const invite = (email: string, extra: object = {}) =>
    t.post(`/v1/applications/${app.id}/members`, { body: { email, ...extra }, token: owner.token });

  it('When the owner invites a registered and an unknown address, then both answer the same and are kept the same way, with no name', async () => {
    const answers: Record<'known' | 'unknown', unknown[]> = { known: [], unknown: [] };
    for (let round = 0; round < 6; round++) {
      for (const kind of ['known', 'unknown'] as const) {
        const email = kind === 'known' ? invitee.email : `ninguem${round}@test.local`;
        const res = await invite(email, { canWrite: true });
        answers[kind].push({ status: res.status, body: res.body });
        expect(JSON.stringify(res.body)).not.toContain('Nome Secreto');
      }
    }
    for (const answer of [...answers.known, ...answers.unknown]) {
      expect(answer).toEqual({ status: 202, body: { message: NEUTRAL } });
    }
    // Nothing changed yet: the invitee is not a member and the application stays hidden from them.
    expect((await t.get(`/v1/applications/${app.id}`, { token: invitee.token })).status).toBe(404);
    const pending = await t.get(`/v1/applications/${app.id}/invitations`, { token: owner.token });
    expect(pending.status).toBe(200);
    const emails = pending.body.data.map((item: { email: string }) => item.email);
    expect(emails).toContain(invitee.email);
    expect(emails).toContain('ninguem0@test.local');
    expect(JSON.stringify(pending.body)).not.toContain('Nome Secreto');
    // Same work either way (one pending invitation, no lookup of the account), so no time gap tells
    // them apart either; that is not timed here, where a loaded machine's noise is larger than it.
    const [known, unknown] = [invitee.email, 'ninguem0@test.local'].map((email) =>
      pending.body.data.find((item: { email: string }) => item.email === email),
    );
    expect(Object.keys(known).sort()).toEqual(Object.keys(unknown).sort());
    expect({ ...known, id: null, email: null, createdAt: null, expiresAt: null }).toEqual({
      ...unknown,
      id: null,
      email: null,
      createdAt: null,
      expiresAt: null,
    });
  });

  it('When someone else tries to accept or decline the invitation, then 404 and nothing changes', async () => {
    const mine = await t.get('/v1/auth/me/invitations', { token: invitee.token });
    const [invitation] = mine.body.data;
    expect(invitation).toMatchObject({
      application: { id: app.id, name: 'Compartilhada' },
      canRead: true,
      canWrite: true,
      canDelete: false,
    });
    expect((await t.get('/v1/auth/me/invitations', { token: intruder.token })).body.data).toEqual([]);
    for (const action of ['accept', 'decline']) {
      const res = await t.post(`/v1/auth/me/invitations/${invitation.id}/${action}`, {
        token: intruder.token,
      });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Convite não encontrado', code: 'NOT_FOUND' });
    }
    expect((await t.get(`/v1/applications/${app.id}`, { token: intruder.token })).status).toBe(404);
  });

  it('When the invitee accepts, then they are a member with the chosen permissions and the invitation is gone', async () => {
    const [invitation] = (await t.get('/v1/auth/me/invitations', { token: invitee.token })).body.data;
    const res = await t.post(`/v1/auth/me/invitations/${invitation.id}/accept`, { token: invitee.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ applicationId: app.id });
    const seen = await t.get(`/v1/applications/${app.id}`, { token: invitee.token });
    expect(seen.status).toBe(200);
    expect(seen.body.data.permissions).toMatchObject({ canRead: true, canWrite: true, canDelete: false });
    expect((await t.get('/v1/auth/me/invitations', { token: invitee.token })).body.data).toEqual([]);
    const pending = await t.get(`/v1/applications/${app.id}/invitations`, { token: owner.token });
    expect(pending.body.data.map((item: { email: string }) => item.email)).not.toContain(invitee.email);
    // Inviting a member again answers the same neutral message and changes nothing.
    expect(await invite(invitee.email)).toMatchObject({ status: 202, body: { message: NEUTRAL } });
  });

  it('When the invitee declines, then no membership is created', async () => {
    const other = await t.createUser();
    await invite(other.email);
    const [invitation] = (await t.get('/v1/auth/me/invitations', { token: other.token })).body.data;
    expect(
      (await t.post(`/v1/auth/me/invitations/${invitation.id}/decline`, { token: other.token })).status,
    ).toBe(204);
    expect((await t.get(`/v1/applications/${app.id}`, { token: other.token })).status).toBe(404);
    expect((await t.get('/v1/auth/me/invitations', { token: other.token })).body.data).toEqual([]);
  });
});
