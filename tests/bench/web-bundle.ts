import { readFileSync } from 'node:fs';
import { get } from 'node:http';
import { resolve } from 'node:path';
import { startTestApp } from '../api/helpers/test-app';

/** DESIGN §7: the patient SPA's first route within 200 KB of gzipped JS and 50 KB of CSS. */
const budget = { jsKb: 200, cssKb: 50 };
type Encoding = 'gzip' | 'br' | 'identity';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const distDir = resolve('dist/web');

/** The bytes the server sends for a file when the browser accepts this encoding, in KB. */
function sentKb(origin: string, file: string, encoding: Encoding): Promise<number> {
  return new Promise((done, failed) => {
    get(`${origin}/${file}`, { headers: { 'accept-encoding': encoding } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () =>
        res.statusCode === 200
          ? done(bytes / 1024)
          : failed(new Error(`${file}: ${res.statusCode}`)),
      );
    }).on('error', failed);
  });
}

/** A chunk and everything it imports statically: what the browser must load for it. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

async function sizeOf(
  sent: (file: string) => Promise<number>,
  manifest: Manifest,
  keys: Iterable<string>,
  already = new Set<string>(),
) {
  let js = 0;
  let css = 0;
  const files = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) continue;
    for (const file of [chunk.file, ...(chunk.css ?? [])]) {
      if (files.has(file) || already.has(file)) continue;
      files.add(file);
      if (file.endsWith('.css')) css += await sent(file);
      else js += await sent(file);
    }
  }
  return { js, css, files };
}

/**
 * Prints the JavaScript and CSS of the first route (the entry, its static imports and the home
 * page chunk with its own) as the server sends them (brotli, gzip, and plain for a browser that
 * takes neither), and of each lazily loaded chunk beyond what the first route already loaded
 * (brotli). Needs `npm run build:ui` (npm run bench builds it when stale).
 */
export async function benchWebBundle(): Promise<void> {
  const manifest = JSON.parse(
    readFileSync(resolve(distDir, '.vite/manifest.json'), 'utf8'),
  ) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry) throw new Error('dist/web/.vite/manifest.json has no entry chunk');
  const home = Object.keys(manifest).find(
    (key) => manifest[key]?.isDynamicEntry && /pages\/home/.test(key),
  );
  const firstKeys = staticClosure(manifest, entry);
  if (home) staticClosure(manifest, home, firstKeys);
  const t = await startTestApp();
  try {
    const verdict = (value: number, limit: number) => (value <= limit ? 'OK' : 'OVER');
    console.log('\nPatient SPA bundle, bytes as the server sends them (DESIGN §7)');
    console.log(`  first route: ${entry}${home ? ` + ${home}` : ''}`);
    const firsts = new Map<Encoding, Awaited<ReturnType<typeof sizeOf>>>();
    for (const encoding of ['br', 'gzip', 'identity'] as const) {
      const first = await sizeOf((file) => sentKb(t.url, file, encoding), manifest, firstKeys);
      firsts.set(encoding, first);
      const budgeted =
        encoding === 'identity'
          ? ''
          : ` (budget ${budget.jsKb}, ${verdict(first.js, budget.jsKb)})`;
      const cssBudgeted =
        encoding === 'identity'
          ? ''
          : ` (budget ${budget.cssKb}, ${verdict(first.css, budget.cssKb)})`;
      console.log(
        `    ${encoding.padEnd(8)} JS ${first.js.toFixed(1).padStart(6)} KB${budgeted}  CSS ${first.css.toFixed(1).padStart(5)} KB${cssBudgeted}`,
      );
    }
    const firstFiles = firsts.get('br')?.files ?? new Set<string>();
    console.log('  lazily loaded routes and chunks beyond the first route (brotli):');
    const lazy = [];
    for (const key of Object.keys(manifest)) {
      if (!manifest[key]?.isDynamicEntry || key === home) continue;
      const closure = staticClosure(manifest, key);
      const size = await sizeOf((file) => sentKb(t.url, file, 'br'), manifest, closure, firstFiles);
      lazy.push({ key, ...size });
    }
    lazy.sort((a, b) => b.js - a.js);
    for (const chunk of lazy) {
      console.log(
        `    ${chunk.key.padEnd(48)} JS ${chunk.js.toFixed(1).padStart(6)} KB  CSS ${chunk.css.toFixed(1).padStart(5)} KB`,
      );
    }
  } finally {
    await t.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchWebBundle();
