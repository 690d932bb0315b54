import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/** DESIGN §7: the patient SPA's first route within 200 KB of gzipped JS and 50 KB of CSS. */
const budget = { jsKb: 200, cssKb: 50 };

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
const gzKb = (file: string) => gzipSync(readFileSync(resolve(distDir, file))).length / 1024;

/** A chunk and everything it imports statically: what the browser must load for it. */
function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, seen);
  return seen;
}

function sizeOf(manifest: Manifest, keys: Iterable<string>, already = new Set<string>()) {
  let js = 0;
  let css = 0;
  const files = new Set<string>();
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) continue;
    for (const file of [chunk.file, ...(chunk.css ?? [])]) {
      if (files.has(file) || already.has(file)) continue;
      files.add(file);
      if (file.endsWith('.css')) css += gzKb(file);
      else js += gzKb(file);
    }
  }
  return { js, css, files };
}

/**
 * Prints the gzipped JavaScript and CSS of the first route (the entry, its static imports and
 * the home page chunk with its own) and of each lazily loaded chunk beyond what the first
 * route already loaded. Needs `npm run build:ui` (or `vite build -c vite.web.config.ts`).
 */
export function benchWebBundle(): void {
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
  const first = sizeOf(manifest, firstKeys);

  console.log('\nPatient SPA bundle (gzip), DESIGN §7');
  const verdict = (value: number, limit: number) => (value <= limit ? 'OK' : 'OVER');
  console.log(
    `  first route (${entry}${home ? ` + ${home}` : ''}): JS ${first.js.toFixed(1)} KB ` +
      `(budget ${budget.jsKb}, ${verdict(first.js, budget.jsKb)}), CSS ${first.css.toFixed(1)} KB ` +
      `(budget ${budget.cssKb}, ${verdict(first.css, budget.cssKb)})`,
  );
  const lazy = Object.keys(manifest)
    .filter((key) => manifest[key]?.isDynamicEntry && key !== home)
    .map((key) => ({ key, ...sizeOf(manifest, staticClosure(manifest, key), first.files) }))
    .sort((a, b) => b.js - a.js);
  console.log('  lazily loaded routes and chunks (beyond the first route):');
  for (const chunk of lazy) {
    console.log(
      `    ${chunk.key.padEnd(48)} JS ${chunk.js.toFixed(1).padStart(6)} KB  CSS ${chunk.css.toFixed(1).padStart(5)} KB`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) benchWebBundle();
