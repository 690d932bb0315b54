import { spawnSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { NginxTls } from './nginx';

/**
 * A certificate for 127.0.0.1 signed by itself (openssl), so that nginx on this machine ends
 * TLS as a production host does: for the bench and the tests. A real host uses its own.
 */
export function makeLocalCertificate(dir: string): NginxTls {
  const certificate = join(dir, 'local-cert.pem');
  const key = join(dir, 'local-key.pem');
  const made = spawnSync(
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
      key,
      '-out',
      certificate,
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { encoding: 'utf8' },
  );
  if (made.status !== 0) throw new Error(`openssl could not make a certificate:\n${made.stderr}`);
  return { certificate, key };
}

/** The certificate's public key hash as Chromium's --ignore-certificate-errors-spki-list takes it. */
export function spkiHash(certificatePath: string): string {
  const publicKey = new X509Certificate(readFileSync(certificatePath)).publicKey;
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(spki).digest('base64');
}
