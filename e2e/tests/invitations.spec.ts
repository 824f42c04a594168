import { expect, test } from '../support/fixtures';

test.describe('Member invitations', () => {
  test('When an owner invites by e-mail, then no name is shown, and the invitee accepts after signing in', async ({
    page,
    browser,
    api,
    loginAs,
    baseURL,
  }) => {
    const owner = await api.createUser({ name: 'Olga Dona' });
    const invitee = await api.createUser({ name: 'Nome Reservado Souza' });
    const { data: app } = await api.post<{ data: { id: string; name: string } }>(
      '/applications',
      { name: `Parceria ${Date.now().toString(36)}` },
      owner.token,
    );

    await loginAs(page, owner.email, owner.password);
    await page.goto(`/applications/${app.id}`);
    await page.getByLabel('E-mail do usuário').fill(invitee.email);
    await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
    const sent = page.locator('[data-sonner-toast]').filter({ hasText: 'Convite enviado' });
    await expect(sent).toContainText('Se este e-mail pertencer a uma conta');
    await expect(page.getByTestId('pending-invitations')).toContainText(invitee.email);
    await expect(page.getByText('Nome Reservado Souza')).toHaveCount(0);
    await expect(page.getByTestId('member-row').filter({ hasText: invitee.email })).toHaveCount(0);

    const inviteeContext = await browser.newContext({ baseURL });
    const inviteePage = await inviteeContext.newPage();
    await loginAs(inviteePage, invitee.email, invitee.password);
    const invitation = inviteePage.getByTestId('invitation-row').filter({ hasText: app.name });
    await expect(invitation).toContainText('Permissões: leitura');
    await invitation.getByRole('button', { name: 'Aceitar' }).click();
    await expect(
      inviteePage.locator('[data-sonner-toast]').filter({ hasText: 'Convite aceito' }),
    ).toBeVisible();
    await expect(inviteePage.getByTestId('pending-invitations')).toHaveCount(0);
    await expect(inviteePage.getByTestId('application-card').filter({ hasText: app.name })).toBeVisible();
    await inviteeContext.close();

    await page.reload();
    await expect(page.getByTestId('member-row').filter({ hasText: invitee.email })).toContainText('Membro');
    await expect(page.getByTestId('pending-invitations')).toHaveCount(0);
  });
});
