import { z } from 'zod';

/** Fields of a stored client certificate that are secrets: sealed at rest, never answered. */
export const CLIENT_TLS_SECRET_FIELDS = ['privateKey', 'passphrase'] as const;

/** Days before a client certificate expires that the console warns. */
export const CLIENT_TLS_EXPIRY_WARNING_DAYS = 14;

const PEM_LIMIT = 64 * 1024;

const pemText = (label: string) =>
  z
    .string({ error: `${label} deve ser um texto PEM` })
    .trim()
    .max(PEM_LIMIT, { error: `${label} muito longo (máximo ${PEM_LIMIT / 1024} KB)` });
const PEM_BLOCK = /-----BEGIN [A-Z0-9 ]+-----/;
const requiredPem = (label: string, requiredMessage: string) =>
  pemText(label)
    .min(1, { error: requiredMessage })
    .regex(PEM_BLOCK, { error: `${label} deve estar no formato PEM` });
const optionalPem = (label: string) =>
  pemText(label)
    .refine((value) => value === '' || PEM_BLOCK.test(value), { error: `${label} deve estar no formato PEM` })
    .optional();

/**
 * Mutual TLS of a subscription: the client certificate and its key (PEM, the key optionally
 * encrypted with `passphrase`), and a CA bundle to trust for the endpoint instead of the public
 * ones. The server checks that they parse, match and have not expired; the key is write-only.
 */
export const ZClientTlsInput = z.object({
  certificate: requiredPem('Certificado do cliente', 'Certificado do cliente é obrigatório'),
  privateKey: requiredPem('Chave privada', 'Chave privada é obrigatória'),
  passphrase: z
    .string({ error: 'Senha da chave inválida' })
    .max(1024, { error: 'Senha da chave muito longa' })
    .optional(),
  caBundle: optionalPem('Bundle de CA'),
});
export type TClientTlsInput = z.output<typeof ZClientTlsInput>;

/** What an answer says of a subscription's client certificate: never the key. */
export const ZClientTlsView = z.object({
  subject: z.string(),
  validTo: z.string(),
  hasCaBundle: z.boolean(),
});
export type TClientTlsView = z.infer<typeof ZClientTlsView>;

/** True when the certificate expires within CLIENT_TLS_EXPIRY_WARNING_DAYS of `now` (or has). */
export function isClientTlsExpiringSoon(validTo: string, now: Date): boolean {
  return Date.parse(validTo) - now.getTime() < CLIENT_TLS_EXPIRY_WARNING_DAYS * 24 * 3_600_000;
}
