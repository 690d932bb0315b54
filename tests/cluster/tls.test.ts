import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { type ClientHttp2Session, connect } from 'node:http2';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeLocalCertificate } from '../../deploy/cluster/local-certificate';
import { type Nginx, renderNginxConfig, startNginx } from '../../deploy/cluster/nginx';
import { precompressDir } from '../../deploy/precompress-assets';
import { startTestApp, type TestApp } from '../api/helpers/test-app';
import { freePort } from './helpers/cluster';

/** A script large enough to be precompressed, as the build's are. */
const bigScript = Array.from({ length: 400 }, (_, i) => `console.log('line ${i}');`).join('\n');

let dir: string;
let t: TestApp;
let nginx: Nginx;
let session: ClientHttp2Session;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tls-'));
  const web = join(dir, 'web');
  mkdirSync(join(web, 'assets'), { recursive: true });
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>web</title><div id="root"></div>');
  writeFileSync(join(web, 'assets', 'big-def456.js'), bigScript);
  await precompressDir(web);
  t = await startTestApp({ staticApps: { webDir: web, consoleDir: web } });
  const tls = makeLocalCertificate(dir);
  nginx = await startNginx({
    dir: join(dir, 'nginx'),
    port: await freePort(),
    replicaPorts: [Number(new URL(t.url).port)],
    tls,
  });
  session = connect(nginx.url, { ca: readFileSync(tls.certificate, 'utf8') });
});
afterAll(async () => {
  session?.close();
  await nginx?.stop();
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** One request over the HTTP/2 session: status, headers and body. */
function get(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>(
    (resolve, reject) => {
      const stream = session.request({ ':path': path, ...headers });
      const chunks: Buffer[] = [];
      let answer: Record<string, unknown> = {};
      stream.on('response', (received) => {
        answer = received;
      });
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () =>
        resolve({
          status: Number(answer[':status']),
          headers: answer,
          body: Buffer.concat(chunks),
        }),
      );
      stream.on('error', reject);
    },
  );
}

describe('TLS ending at nginx (deploy/nginx.conf.template with a certificate)', () => {
  it('speaks HTTP/2 to the browser, with the certificate it was given', async () => {
    const page = await get('/checkout/summary');
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain('<title>web</title>');
    expect(session.alpnProtocol).toBe('h2');
    // The server's own security headers pass through (HSTS on HTTPS).
    expect(page.headers['strict-transport-security']).toMatch(/max-age=\d+/);
  });

  it("passes the server's precompressed assets and its API through, on one connection", async () => {
    const [asset, health] = await Promise.all([
      get('/assets/big-def456.js', { 'accept-encoding': 'br, gzip' }),
      get('/api/health/live'),
    ]);
    expect(asset.status).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.body.length).toBeLessThan(bigScript.length / 4);
    expect(health.status).toBe(200);
  });

  it('keeps plain HTTP when no certificate is given (the cluster on this machine)', () => {
    const plain = renderNginxConfig({ dir, listen: '127.0.0.1:1', ports: [2] });
    expect(plain).toContain('listen 127.0.0.1:1;');
    expect(plain).not.toMatch(/^\s*(listen .* ssl|ssl_certificate)/m);
    const tls = renderNginxConfig({
      dir,
      listen: '127.0.0.1:1',
      ports: [2],
      tls: { certificate: '/c.pem', key: '/k.pem' },
    });
    expect(tls).toContain('listen 127.0.0.1:1 ssl http2;');
    expect(tls).toContain('ssl_certificate /c.pem;');
    expect(tls).toContain('ssl_certificate_key /k.pem;');
  });
});
