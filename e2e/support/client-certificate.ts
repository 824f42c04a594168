import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type ClientCertificate = { cert: string; key: string; validTo: Date };

/**
 * A self-signed client certificate and its key (EC P-256, PEM, no passphrase) valid for `days`, made
 * with the openssl command, as a receiver's operator would hand one out for mutual TLS.
 */
export function makeClientCertificate(commonName: string, days: number): ClientCertificate {
  const dir = mkdtempSync(join(tmpdir(), 'wm-e2e-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        'client.key',
        '-out',
        'client.crt',
        '-subj',
        `/CN=${commonName}`,
        '-days',
        String(days),
      ],
      { cwd: dir, stdio: 'pipe' },
    );
    const cert = readFileSync(join(dir, 'client.crt'), 'utf8');
    const notAfter = execFileSync('openssl', ['x509', '-noout', '-enddate', '-in', 'client.crt'], {
      cwd: dir,
      encoding: 'utf8',
    });
    return {
      cert,
      key: readFileSync(join(dir, 'client.key'), 'utf8'),
      validTo: new Date(notAfter.replace('notAfter=', '').trim()),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
