import { cpSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

/**
 * `npm run build:server` (and `npm start` first): the server as plain JavaScript in
 * dist/server, so that a running server does not transpile TypeScript (the loader holds about
 * 40 MB and a thread of its own). Packages stay in node_modules; what the server loads later
 * (the seed, a provider's SDK) stays in chunks of its own, loaded when first imported. Beside
 * the bundle go the files the server finds next to its code: the migrations and the worker
 * threads' scripts (plain JavaScript already).
 */
const root = resolve(import.meta.dirname, '..');
const out = join(root, 'dist/server');

rmSync(out, { recursive: true, force: true });
await build({
  entryPoints: [join(root, 'server/commands/start.ts')],
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  outdir: out,
  outExtension: { '.js': '.mjs' },
  logLevel: 'warning',
});
cpSync(join(root, 'server/db/migrations'), join(out, 'migrations'), { recursive: true });
for (const file of readdirSync(join(root, 'server'), { recursive: true, encoding: 'utf8' })) {
  if (file.endsWith('.mjs'))
    cpSync(join(root, 'server', file), join(out, file.split('/').at(-1) ?? file));
}
