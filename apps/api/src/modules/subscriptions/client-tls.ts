import { createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto';
import type { TClientTlsInput, TClientTlsView } from '@wm/contracts';
import type { ClientTls } from '../../db/schema/events';
import { validationError } from '../../domain/errors';
import type { Cipher } from '../../lib/crypto';

const refuse = (field: string, message: string) =>
  validationError(message, [{ path: `clientTls.${field}`, message }]);

/** Every certificate of a PEM bundle (a chain or a CA bundle); throws on one that does not parse. */
function parseCertificates(pem: string): X509Certificate[] {
  const blocks = pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
  return blocks.map((block) => new X509Certificate(block));
}

/**
 * A client certificate as stored, after the checks a send would otherwise fail on at every attempt:
 * the certificate parses, the key opens (with its passphrase) and matches it, and it has not
 * expired at `now`. The key and passphrase are sealed; the subject and expiry kept for the answers.
 */
export function prepareClientTls(cipher: Cipher, input: TClientTlsInput, now: Date): ClientTls {
  let certificate: X509Certificate;
  try {
    const [first] = parseCertificates(input.certificate);
    if (!first) throw new Error('no certificate');
    certificate = first;
  } catch {
    // The parser's own message is in English and says little more.
    throw refuse('certificate', 'Certificado do cliente inválido: não foi possível ler o PEM');
  }
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: input.privateKey, passphrase: input.passphrase || undefined });
  } catch {
    // A wrong passphrase and a damaged key fail alike.
    throw refuse('privateKey', 'Chave privada inválida ou senha da chave incorreta');
  }
  if (!certificate.checkPrivateKey(key)) {
    throw refuse('privateKey', 'A chave privada não corresponde ao certificado do cliente');
  }
  const validTo = new Date(certificate.validTo);
  if (!(validTo.getTime() > now.getTime())) {
    throw refuse(
      'certificate',
      `Certificado do cliente expirado em ${validTo.toLocaleDateString('pt-BR', { timeZone: 'UTC' })}`,
    );
  }
  const caBundle = input.caBundle?.trim() || undefined;
  if (caBundle) {
    try {
      if (parseCertificates(caBundle).length === 0) throw new Error('no certificate');
    } catch {
      // As above: the parser's message adds nothing for the user.
      throw refuse('caBundle', 'Bundle de CA inválido: não foi possível ler os certificados');
    }
  }
  return {
    certificate: input.certificate.trim(),
    privateKey: cipher.seal(input.privateKey.trim()),
    ...(input.passphrase ? { passphrase: cipher.seal(input.passphrase) } : {}),
    ...(caBundle ? { caBundle } : {}),
    subject: certificate.subject.replace(/\n/g, ', '),
    validTo: validTo.toISOString(),
  };
}

/** The answer's view of a stored client certificate. */
export const toClientTlsView = (stored: ClientTls | null | undefined): TClientTlsView | null =>
  stored ? { subject: stored.subject, validTo: stored.validTo, hasCaBundle: Boolean(stored.caBundle) } : null;
