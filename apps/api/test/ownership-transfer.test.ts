import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, insertApplication } from './support/delivery-fixtures';
import { createTestApp, type TestApp } from './support/test-app';

type User = Awaited<ReturnType<TestApp['createUser']>>;

describe('deleting a user who owns applications, and handing an application over', () => {
  let t: TestApp;
  let owner: User;
  let writer: User;
  let stranger: User;
  let first: { id: string; apiKey: string };
  let second: { id: string; apiKey: string };

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.createUser();
    writer = await t.createUser();
    stranger = await t.createUser();
    first = await insertApplication(t.ctx, { ownerId: owner.id });
    second = await insertApplication(t.ctx, { ownerId: owner.id });
    await t.put(`/v1/applications/${first.id}`, { body: { name: 'Loja Virtual' } });
    await t.put(`/v1/applications/${second.id}`, { body: { name: 'Estoque' } });
    await addMember(t.ctx, first.id, writer.id, { canWrite: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  const members = async (applicationId: string) =>
    (await t.get(`/v1/applications/${applicationId}/members`)).body.data as Array<{
      userId: string;
      isOwner: boolean;
      canRead: boolean;
      canWrite: boolean;
      canDelete: boolean;
    }>;

  it('When an admin deletes a user who owns applications, then 409 names them and nothing is deleted', async () => {
    const res = await t.del(`/v1/admin/users/${owner.id}`);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('CONFLICT');
    expect(res.body.error).toBe(
      'Este usuário é proprietário das aplicações Estoque, Loja Virtual: transfira a propriedade a outro membro ou exclua-as antes de excluir o usuário',
    );
    expect((await t.get(`/v1/admin/users/${owner.id}`)).status).toBe(200);
    expect((await t.get('/v1/auth/me', { token: owner.token })).status).toBe(200);
  });

  it('When someone other than the owner or an admin hands it over, or the target is not a member, then it is refused', async () => {
    const url = `/v1/applications/${first.id}/transfer-ownership`;
    const byWriter = await t.post(url, { body: { userId: writer.id }, token: writer.token });
    expect(byWriter.status).toBe(403);
    const byStranger = await t.post(url, { body: { userId: stranger.id }, token: stranger.token });
    expect(byStranger.status).toBe(404);
    const toOutsider = await t.post(url, { body: { userId: stranger.id }, token: owner.token });
    expect(toOutsider.status).toBe(422);
    expect(toOutsider.body.error).toBe('O novo proprietário precisa ser membro da aplicação');
    const invalid = await t.post(url, { body: { userId: 'x' }, token: owner.token });
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe('VALIDATION_ERROR');
    const list = await members(first.id);
    expect(list.find((member) => member.isOwner)?.userId).toBe(owner.id);
  });

  it('When the owner hands an application to a member, then that member owns it and the old owner keeps full permissions', async () => {
    const res = await t.post(`/v1/applications/${first.id}/transfer-ownership`, {
      body: { userId: writer.id },
      token: owner.token,
    });
    expect(res.status).toBe(200);
    const list = await members(first.id);
    expect(list.find((member) => member.userId === writer.id)).toMatchObject({
      isOwner: true,
      canRead: true,
      canWrite: true,
      canDelete: true,
    });
    expect(list.find((member) => member.userId === owner.id)).toMatchObject({
      isOwner: false,
      canRead: true,
      canWrite: true,
      canDelete: true,
    });
    // The new owner may now regenerate the key, which only the owner may do.
    expect(
      (await t.post(`/v1/applications/${first.id}/regenerate-key`, { token: writer.token })).status,
    ).toBe(200);
  });

  it('When the remaining application is deleted too, then the user can be deleted', async () => {
    const stillOwns = await t.del(`/v1/admin/users/${owner.id}`);
    expect(stillOwns.status).toBe(409);
    expect(stillOwns.body.error).toContain('aplicações Estoque:');
    expect((await t.del(`/v1/applications/${second.id}`, { token: owner.token })).status).toBe(204);
    expect((await t.del(`/v1/admin/users/${owner.id}`)).status).toBe(204);
    expect((await members(first.id)).map((member) => member.userId)).toEqual([writer.id]);
  });
});
