import { expect, test } from '../support/fixtures';
import { QUEUED_WITHOUT_RETRIES, waitForEventLogs } from '../support/seed-event';

test.describe('Polish', () => {
  test('When a RabbitMQ event is queued, then its event log names the queue RabbitMQ, not the raw enum', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    const alias = `fila.rotulo.${Date.now().toString(36)}`;
    const { data: application } = await api.post<{ data: { id: string } }>('/applications', {
      name: `Rótulos ${alias}`,
    });
    await api.post('/events', {
      applicationId: application.id,
      name: `Evento ${alias}`,
      alias,
      ...QUEUED_WITHOUT_RETRIES,
    });
    await api.post('/events/emit', { eventType: alias, applicationId: application.id, data: { ok: true } });
    const [log] = await waitForEventLogs(api, `eventType=${alias}`, 1);
    if (!log) throw new Error('no event log');

    await loginAsAdmin(page);
    await page.goto(`/event-logs/${log.id}`);
    await expect(page.getByText('RabbitMQ', { exact: true })).toBeVisible();
    await expect(page.getByText('RABBITMQ', { exact: true })).toHaveCount(0);
  });

  test('When delete actions show, then each uses the same red trash icon', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    await api.post('/applications', { name: `Lixeira ${Date.now().toString(36)}` });
    await api.createUser();
    await loginAsAdmin(page);
    const destructiveColor = async () =>
      page.evaluate(() => {
        const probe = document.createElement('span');
        probe.className = 'text-destructive';
        document.body.appendChild(probe);
        const color = getComputedStyle(probe).color;
        probe.remove();
        return color;
      });
    for (const path of ['/applications', '/admin']) {
      await page.goto(path);
      const icons = page.locator('table [data-icon="delete"]');
      await expect(icons.first()).toBeVisible();
      const expected = await destructiveColor();
      for (const icon of await icons.all()) {
        await expect(icon).toHaveCSS('color', expected);
      }
    }
  });

  test('When an unknown URL or a missing record opens, then both use the same not-found layout', async ({
    page,
    loginAsAdmin,
  }) => {
    await loginAsAdmin(page);
    await page.goto('/events/0190a000-0000-7000-8000-000000000000');
    await expect(page.getByTestId('not-found')).toContainText('Evento não encontrado');
    await page.goto('/nao-existe');
    const notFound = page.getByTestId('not-found');
    await expect(notFound).toContainText('Página não encontrada');
    await notFound.getByRole('link', { name: 'Voltar ao início' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('When the system is dark, then the console is dark, and the header toggle switches and remembers', async ({
    page,
    loginAsAdmin,
  }) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await loginAsAdmin(page);
    const html = page.locator('html');
    await expect(html).toHaveClass(/\bdark\b/);
    const darkBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);

    await page.getByRole('button', { name: 'Usar tema claro' }).click();
    await expect(html).not.toHaveClass(/\bdark\b/);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Usar tema escuro' })).toBeVisible();
    await expect(html).not.toHaveClass(/\bdark\b/);
    const lightBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(lightBackground).not.toBe(darkBackground);

    await page.emulateMedia({ colorScheme: 'light' });
    await page.getByRole('button', { name: 'Usar tema escuro' }).click();
    await page.reload();
    await expect(html).toHaveClass(/\bdark\b/);
  });
});

test.describe('Date filter in an English browser', () => {
  test.use({ locale: 'en-US' });

  test('When a date is typed or picked, then it reads dd/MM/yyyy and filters the logs', async ({
    page,
    loginAsAdmin,
  }) => {
    await loginAsAdmin(page);
    await page.goto('/logs');
    const start = page.getByLabel('Data inicial', { exact: true });
    await expect(start).toHaveAttribute('placeholder', 'dd/mm/aaaa');
    await start.fill('05/03/2026');
    await start.press('Enter');
    await expect(page).toHaveURL(/startDate=2026-03-05/);
    await expect(start).toHaveValue('05/03/2026');

    // The calendar opens on the current month, named in pt-BR.
    const today = new Date();
    const month = new Intl.DateTimeFormat('pt-BR', { month: 'long' }).format(today);
    const monthNumber = String(today.getMonth() + 1).padStart(2, '0');
    await page.getByRole('button', { name: 'Escolher data final' }).click();
    const calendar = page.getByRole('dialog');
    await expect(calendar).toContainText(new RegExp(month, 'i'));
    await calendar.getByRole('button', { name: new RegExp(`\\b10 de ${month}`, 'i') }).click();
    await expect(page).toHaveURL(new RegExp(`endDate=${today.getFullYear()}-${monthNumber}-10`));
    await expect(page.getByLabel('Data final', { exact: true })).toHaveValue(
      `10/${monthNumber}/${today.getFullYear()}`,
    );
  });
});
