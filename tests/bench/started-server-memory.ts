import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../cluster/helpers/cluster';
import { rssMbOf } from './server-process';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The memory (RSS, MB) of the server as `npm start` runs it (the built JavaScript in
 * dist/server), right after it answers its first health check: on a database migrated and
 * seeded beforehand by `npm run migrate`, as a deployment starts its servers
 * (MIGRATE_ON_START=false). PGlite in a fresh data directory unless a DATABASE_URL is given.
 */
export async function startedServerRssMb(databaseUrl: string | undefined): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-started-'));
  const port = await freePort();
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    PORT: String(port),
    LOG_LEVEL: 'silent',
    NODE_ENV: 'development',
    STOREFRONT_DEV_MODE: 'true',
    MIGRATE_ON_START: 'false',
  };
  if (!databaseUrl) delete (env as Record<string, string | undefined>).DATABASE_URL;
  execFileSync(process.execPath, ['--import', 'tsx', 'server/commands/migrate.ts'], {
    cwd: root,
    env,
    stdio: 'ignore',
  });
  const server = spawn(process.execPath, ['dist/server/start.mjs'], {
    cwd: root,
    env,
    stdio: 'ignore',
  });
  try {
    for (let waited = 0; ; waited += 100) {
      const answer = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
      if (answer?.ok) break;
      if (waited > 60_000) throw new Error('the started server never answered its health check');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const rss = rssMbOf(server.pid);
    if (rss === null) throw new Error('the started server has no resident memory to read');
    return rss;
  } finally {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}
