import { expect, test } from '../support/fixtures';

test.describe('Ownership transfer', () => {
  test('When the owner hands the application to a member in Membros, then that member owns it and the old owner can be deleted', async ({
    page,
    api,
    loginAs,
  }) => {
    const owner = await api.createUser({ name: 'Olívia Dona' });
    const member = await api.createUser({ name: 'Heitor Herdeiro' });
    const { data: app } = await api.post<{ data: { id: string; name: string } }>(
      '/applications',
      { name: `Loja ${Date.now().toString(36)}` },
      owner.token,
    );
    // An admin adds the account at once (the owner would send an invitation).
    await api.post(`/applications/${app.id}/members`, { email: member.email, canRead: true });

    const refused = await api.call<{ error: string }>('DELETE', `/admin/users/${owner.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toContain(app.name);

    await loginAs(page, owner.email, owner.password);
    await page.goto(`/applications/${app.id}`);
    const memberRow = page.getByTestId('member-row').filter({ hasText: member.email });
    await memberRow.getByRole('button', { name: `Transferir propriedade para ${member.name}` }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(`Transferir a propriedade desta aplicação para ${member.name}?`);
    await dialog.getByRole('button', { name: 'Transferir' }).click();
    await expect(
      page.locator('[data-sonner-toast]').filter({ hasText: 'Propriedade transferida' }),
    ).toBeVisible();
    // No longer the owner: the members card is the owner's.
    await expect(page.getByText('Membros', { exact: true })).toHaveCount(0);

    const members = await api.get<{ data: Array<{ userId: string; isOwner: boolean; canDelete: boolean }> }>(
      `/applications/${app.id}/members`,
    );
    expect(members.data.find((entry) => entry.userId === member.id)).toMatchObject({ isOwner: true });
    expect(members.data.find((entry) => entry.userId === owner.id)).toMatchObject({
      isOwner: false,
      canDelete: true,
    });
    expect((await api.call('DELETE', `/admin/users/${owner.id}`)).status).toBe(204);
  });
});
