import type { Page } from '@playwright/test';
import { makeClientCertificate } from '../support/client-certificate';
import { expect, test } from '../support/fixtures';
import { useReceiver } from '../support/receiver';
import { seedSubscribedEvent } from '../support/seed-event';
import { useTokenServer } from '../support/token-server';

const CLIENT_SECRET = 'segredo-oauth2-e2e';
const receiver = useReceiver(() => ({ status: 200, body: 'ok' }));
const tokenServer = useTokenServer({ clientId: 'cliente-valido', clientSecret: CLIENT_SECRET });

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** Picks `option` in the Radix select labelled `label`. */
async function choose(page: Page, label: string, option: string | RegExp) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

/** A certificate's expiry as the console shows it (dd/MM/yyyy in the browser's time zone). */
const shownDay = (date: Date) =>
  new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(date);

async function openNewSubscription(page: Page, api: Parameters<typeof seedSubscribedEvent>[0], name: string) {
  const { event, suffix } = await seedSubscribedEvent(api, (suffix) => ({
    event: { name: `Pagamento ${suffix}`, alias: `pagamento.${suffix}` },
  }));
  await page.goto(`/subscriptions/new?eventId=${event.id}`);
  await expect(page.getByRole('combobox', { name: 'Evento' })).toContainText(`Pagamento ${suffix}`);
  await page.getByLabel('Nome', { exact: true }).fill(name);
  await page.getByLabel('URL de destino').fill(`${receiver.url}/${suffix}`);
}

test.describe('Subscription auth: OAuth2 and mutual TLS', () => {
  test('When an operator sets up OAuth2 client credentials, then the form checks it in pt-BR, the secret is never shown back and the test shows the token step', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    test.setTimeout(120_000);
    await loginAsAdmin(page);
    await openNewSubscription(page, api, 'ERP com OAuth2');
    await choose(page, 'Autenticação', 'OAuth2 (client credentials)');
    await page.getByRole('button', { name: 'Criar Assinatura' }).click();
    await expect(page.getByText('URL do token é obrigatória')).toBeVisible();
    await expect(page.getByText('Client ID é obrigatório')).toBeVisible();
    await expect(page.getByText('Client secret é obrigatório')).toBeVisible();
    await page.getByLabel('URL do token').fill('ftp://auth.exemplo.com/token');
    await page.getByRole('button', { name: 'Criar Assinatura' }).click();
    await expect(page.getByText('URL do token deve começar com http:// ou https://')).toBeVisible();

    // A client the token endpoint refuses, its secret sent in the form.
    await page.getByLabel('URL do token').fill(tokenServer.url);
    await page.getByLabel('Client ID').fill('cliente-recusado');
    await page.getByLabel('Client secret', { exact: true }).fill(CLIENT_SECRET);
    await page.getByLabel('Escopo (opcional)').fill('webhooks:write');
    await choose(page, 'Envio do client secret', 'Secret no corpo (client_secret_post)');
    await page.getByRole('button', { name: 'Criar Assinatura' }).click();
    await expect(toast(page, 'Assinatura criada')).toBeVisible();
    await expect(page).toHaveURL(/\/subscriptions\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { name: 'ERP com OAuth2' })).toBeVisible();
    await expect(page.getByText('OAuth2 (client credentials)', { exact: true })).toBeVisible();
    // How the receiver verifies: the signature as always, and the token with its authorization server.
    const secretCard = page.getByTestId('signing-secret');
    await expect(secretCard).toContainText('Verifique o header webhook-signature');
    await expect(secretCard).toContainText(
      'Confira também o token Bearer do header Authorization com o seu servidor de autorização (OAuth2)',
    );

    // The test stops at the token step and says why.
    await page.getByRole('button', { name: 'Testar webhook' }).click();
    const refused = toast(page, 'Erro no teste');
    await expect(refused).toContainText('Falha ao obter token OAuth2: 401 invalid_client');
    expect(tokenServer.issued).toBe(0);

    // Reopened: the secret comes back masked, never in clear; saved masked, it is kept.
    await page.getByRole('link', { name: 'Editar' }).click();
    await expect(page.getByLabel('Client ID')).toHaveValue('cliente-recusado');
    await expect(page.getByLabel('Client secret', { exact: true })).toHaveValue('••••••');
    await expect(page.getByRole('combobox', { name: 'Envio do client secret' })).toContainText(
      'client_secret_post',
    );
    expect(await page.content()).not.toContain(CLIENT_SECRET);
    await page.getByLabel('Client ID').fill('cliente-valido');
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await expect(toast(page, 'Assinatura atualizada')).toBeVisible();

    // The kept secret gets a token, and the receiver answers.
    await page.getByRole('button', { name: 'Testar webhook' }).click();
    const sent = toast(page, 'Teste enviado');
    await expect(sent).toContainText(/Token OAuth2 obtido\. HTTP 200 em \d+ ms/);
    expect(tokenServer.issued).toBe(1);
  });

  test('When an operator saves a client certificate, then the form checks it in pt-BR, the expiry shows, and one expiring within 14 days is warned', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    test.setTimeout(120_000);
    const certificate = makeClientCertificate('erp-cliente-e2e', 60);
    const other = makeClientCertificate('outro-cliente', 60);
    const expiring = makeClientCertificate('expira-logo', 7);
    await loginAsAdmin(page);
    await openNewSubscription(page, api, 'ERP com mTLS');

    await page.getByLabel('Certificado do cliente (PEM)').fill(certificate.cert);
    await page.getByRole('button', { name: 'Criar Assinatura' }).click();
    await expect(page.getByText('Chave privada é obrigatória')).toBeVisible();
    await page.getByLabel('Chave privada (PEM)').fill('não é uma chave');
    await page.getByRole('button', { name: 'Criar Assinatura' }).click();
    await expect(page.getByText('Chave privada deve estar no formato PEM')).toBeVisible();
    // Well-formed, but another certificate's key: refused by the server when saved.
    await page.getByLabel('Chave privada (PEM)').fill(other.key);
    await page.getByRole('button', { name: 'Criar Assinatura' }).click();
    await expect(page.getByText('A chave privada não corresponde ao certificado do cliente')).toBeVisible();

    await page.getByLabel('Chave privada (PEM)').fill(certificate.key);
    await page.getByRole('button', { name: 'Criar Assinatura' }).click();
    await expect(toast(page, 'Assinatura criada')).toBeVisible();
    await expect(page).toHaveURL(/\/subscriptions\/[0-9a-f-]{36}$/);
    const summary = page.getByTestId('client-tls-summary');
    await expect(summary).toContainText('erp-cliente-e2e');
    await expect(summary).toContainText(`Válido até ${shownDay(certificate.validTo)}`);
    await expect(summary.getByRole('alert')).toHaveCount(0);
    await expect(page.getByTestId('signing-secret')).toContainText(
      'O servidor TLS do receptor deve exigir o certificado do cliente',
    );

    // Reopened: the key is never shown back; a new certificate close to its expiry is warned.
    await page.getByRole('link', { name: 'Editar' }).click();
    await expect(page.getByTestId('client-tls-summary')).toContainText('erp-cliente-e2e');
    await expect(page.getByLabel('Chave privada (PEM)')).toHaveValue('');
    expect(await page.content()).not.toContain(certificate.key.split('\n')[1]);
    await page.getByLabel('Certificado do cliente (PEM)').fill(expiring.cert);
    await page.getByLabel('Chave privada (PEM)').fill(expiring.key);
    await page.getByRole('button', { name: 'Salvar Alterações' }).click();
    await expect(toast(page, 'Assinatura atualizada')).toBeVisible();
    const renewed = page.getByTestId('client-tls-summary');
    await expect(renewed).toContainText('expira-logo');
    await expect(renewed).toContainText(`Válido até ${shownDay(expiring.validTo)}`);
    await expect(renewed.getByRole('alert')).toContainText(
      'O certificado do cliente vence em menos de 14 dias',
    );
  });
});

test.describe("Application's egress proxy", () => {
  test('When a writer sets the application its own proxy, then it is checked in pt-BR, saved, shown after a reload with the password masked, and switched back to the global one', async ({
    page,
    api,
    loginAsAdmin,
  }) => {
    const { application } = await seedSubscribedEvent(api, (suffix) => ({
      event: { name: `Proxy ${suffix}`, alias: `proxy.${suffix}` },
    }));
    await loginAsAdmin(page);
    await page.goto(`/applications/${application.id}`);
    const card = page.getByTestId('outbound-proxy');
    await expect(card).toContainText('Proxy de saída');
    await expect(card).toContainText('Usando o proxy global do servidor.');
    await card.getByRole('switch', { name: 'Usar um proxy de saída próprio' }).click();

    await card.getByRole('button', { name: 'Salvar proxy' }).click();
    await expect(card.getByText('URL do proxy é obrigatória')).toBeVisible();
    await card.getByLabel('URL do proxy').fill('ftp://proxy.exemplo.com/caminho');
    await card.getByLabel('Hosts sem proxy').fill('api.parceiro.com\nhost inválido!');
    await card.getByRole('button', { name: 'Salvar proxy' }).click();
    await expect(
      card.getByText('URL do proxy inválida: use http:// ou https://, host e porta, sem caminho'),
    ).toBeVisible();
    await expect(
      card.getByText('Host inválido na lista de exceções (ex.: api.exemplo.com ou .exemplo.com)'),
    ).toBeVisible();

    await card.getByLabel('URL do proxy').fill('http://operador:senha-do-proxy@proxy.exemplo.com:3128');
    await card.getByLabel('Hosts sem proxy').fill('api.parceiro.com\n.interno.exemplo.com');
    await card.getByRole('button', { name: 'Salvar proxy' }).click();
    await expect(toast(page, 'Proxy de saída atualizado')).toBeVisible();

    await page.reload();
    const saved = page.getByTestId('outbound-proxy');
    await expect(saved.getByLabel('URL do proxy')).toHaveValue(
      'http://operador:••••••@proxy.exemplo.com:3128/',
    );
    await expect(saved.getByLabel('Hosts sem proxy')).toHaveValue('api.parceiro.com\n.interno.exemplo.com');
    await expect(saved).toContainText('Há uma senha salva, que nunca é exibida');
    await expect(page.getByText('http://operador:••••••@proxy.exemplo.com:3128/').first()).toBeVisible();
    expect(await page.content()).not.toContain('senha-do-proxy');

    // Saved with the mask, the password is kept (the API still answers one).
    await saved.getByLabel('Hosts sem proxy').fill('api.parceiro.com');
    await saved.getByRole('button', { name: 'Salvar proxy' }).click();
    await expect(toast(page, 'Proxy de saída atualizado')).toBeVisible();
    const kept = await api.get<{ data: { outboundProxy: { url: string; exclude: string[] } } }>(
      `/applications/${application.id}`,
    );
    expect(kept.data.outboundProxy).toEqual({
      url: 'http://operador:••••••@proxy.exemplo.com:3128/',
      exclude: ['api.parceiro.com'],
    });

    // Switched off: the global proxy again.
    await saved.getByRole('switch', { name: 'Usar um proxy de saída próprio' }).click();
    await saved.getByRole('button', { name: 'Salvar proxy' }).click();
    await expect(toast(page, 'As próximas entregas usam o proxy global do servidor.')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('outbound-proxy')).toContainText('Usando o proxy global do servidor.');
    await expect(page.getByText('Global do servidor', { exact: true })).toBeVisible();
  });
});
