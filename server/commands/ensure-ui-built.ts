import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { uiBuildEnvironment } from './ui-build-environment';

/**
 * `npm start` runs this first: it builds the patient SPA and the console when a build is
 * missing or older than its sources (DESIGN §5 "builds what is not built"), so a newcomer's
 * `npm install && npm start` serves the apps.
 */
const builds = [
  { index: 'dist/web/index.html', sources: ['web', 'renderer', 'shared'] },
  { index: 'out/renderer/index.html', sources: ['renderer', 'shared', 'electron'] },
];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const stale = builds.filter(({ index, sources }) => {
  const target = resolve(index);
  if (!existsSync(target)) return true;
  const builtAt = statSync(target).mtimeMs;
  return sources.some((source) => newestMtime(resolve(source)) > builtAt);
});

if (stale.length > 0) {
  process.stdout.write(`Building the browser apps (${stale.map((b) => b.index).join(', ')})…\n`);
  const result = spawnSync('npm', ['run', 'build:ui'], {
    stdio: 'inherit',
    env: uiBuildEnvironment(process.env),
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
