import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type KeyPair = { cert: string; key: string };
export type TestCertificates = {
  ca: KeyPair;
  /** The HTTPS receiver's certificate for 127.0.0.1, signed by `ca`. */
  server: KeyPair;
  /** A client certificate signed by `ca`: the receiver accepts it. */
  client: KeyPair;
  /** The same client key encrypted with `passphrase`. */
  encryptedClientKey: string;
  passphrase: string;
  /** A client certificate from another, self-signed CA: the receiver refuses it. */
  stranger: KeyPair;
  /** A client certificate valid for one day, to see expiry refused once the clock passes it. */
  shortLived: KeyPair;
};

/** Certificates made with the openssl command for one test file (EC P-256 keys: quick to make). */
export function makeTestCertificates(): TestCertificates {
  const dir = mkdtempSync(join(tmpdir(), 'wm-certs-'));
  const path = (name: string) => join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });
  const newKey = (name: string) =>
    openssl('ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', path(name));
  const read = (name: string) => readFileSync(path(name), 'utf8');
  try {
    newKey('ca.key');
    openssl(
      'req',
      '-x509',
      '-new',
      '-key',
      'ca.key',
      '-subj',
      '/CN=WM Test CA',
      '-days',
      '30',
      '-out',
      'ca.crt',
    );
    const signed = (name: string, subject: string, days: string, extensions = '') => {
      newKey(`${name}.key`);
      openssl('req', '-new', '-key', `${name}.key`, '-subj', subject, '-out', `${name}.csr`);
      const extra = extensions ? ['-extfile', path(`${name}.ext`)] : [];
      if (extensions) writeFileSync(path(`${name}.ext`), extensions);
      openssl(
        'x509',
        '-req',
        '-in',
        `${name}.csr`,
        '-CA',
        'ca.crt',
        '-CAkey',
        'ca.key',
        '-CAcreateserial',
        '-days',
        days,
        '-out',
        `${name}.crt`,
        ...extra,
      );
      return { cert: read(`${name}.crt`), key: read(`${name}.key`) };
    };
    const server = signed('server', '/CN=127.0.0.1', '30', 'subjectAltName=IP:127.0.0.1\n');
    const client = signed('client', '/CN=webhook-manager/O=Cliente Teste', '30');
    const shortLived = signed('short', '/CN=short-lived', '1');
    const passphrase = 'senha da chave';
    openssl(
      'pkcs8',
      '-topk8',
      '-in',
      'client.key',
      '-passout',
      `pass:${passphrase}`,
      '-out',
      'client-enc.key',
    );
    newKey('stranger.key');
    openssl(
      'req',
      '-x509',
      '-new',
      '-key',
      'stranger.key',
      '-subj',
      '/CN=stranger',
      '-days',
      '30',
      '-out',
      'stranger.crt',
    );
    return {
      ca: { cert: read('ca.crt'), key: read('ca.key') },
      server,
      client,
      encryptedClientKey: read('client-enc.key'),
      passphrase,
      stranger: { cert: read('stranger.crt'), key: read('stranger.key') },
      shortLived,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
