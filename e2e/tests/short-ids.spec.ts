import { expect, test } from '../support/fixtures';
import { readClipboard } from '../support/reads';
import { seedEveryList } from '../support/seed-lists';

test.describe('Short ids', () => {
  test('When ids are shortened, then rows show their last 8 characters, the whole id on hover, and copy it', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    const { application, immediate, suffix } = await seedEveryList(api);
    const { data: other } = await api.post<{ data: { id: string } }>('/applications', {
      name: `Loja Virtual Sul ${suffix}`,
    });
    await loginAsAdmin(page);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);

    // Two applications created a moment apart: their short ids differ.
    await page.goto(`/applications?search=${suffix}`);
    for (const id of [application.id, other.id]) {
      const shown = page.getByTitle(id, { exact: true });
      await expect(shown).toHaveText(id.slice(-8));
    }
    const row = page.locator('tbody tr').filter({ hasText: 'Loja Virtual Nordeste' });
    await row.getByRole('button', { name: 'Copiar ID' }).click();
    await expect.poll(() => readClipboard(page)).toBe(application.id);

    // A detail shows the same short form with hover and copy.
    await page.goto(`/events/${immediate.id}`);
    await expect(page.getByTitle(immediate.id, { exact: true })).toHaveText(immediate.id.slice(-8));
    await page.getByRole('button', { name: 'Copiar ID' }).click();
    await expect.poll(() => readClipboard(page)).toBe(immediate.id);
  });

  test('When an organization id is up to 16 characters, then it shows whole; longer ones are cut at the end', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    const { application, suffix } = await seedEveryList(api);
    await api.post('/events/emit', {
      eventType: `nota.fiscal.emitida.${suffix}`,
      applicationId: application.id,
      organizationId: 'org-acme-0002',
      data: { nota: 2 },
    });
    await loginAsAdmin(page);
    await page.goto(`/event-logs?eventType=nota.fiscal.emitida.${suffix}`);
    await expect(page.getByTitle('org-acme-0002', { exact: true })).toHaveText('org-acme-0002');
    await expect(page.getByTitle('organizacao-nordeste-0001', { exact: true })).toHaveText(
      'organizacao-nor…',
    );
  });
});
