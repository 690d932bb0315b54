import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/client';
import { createDiskFileStore } from '../../server/integrations/files/disk-file-store';
import { notifierFor } from '../../server/integrations/notifier/notifier';
import { createSandboxGateway } from '../../server/integrations/payments/sandbox-gateway';

// Our whole app with its full plugin stack, on PGlite in a fresh temporary directory or on the
// PostgreSQL of DATABASE_URL, as the bench's server process. The parent asks for the
// event-loop delay over IPC: { stats: true } → { eventLoopDelayP99Ms, maxMs }.
const dataDir = mkdtempSync(join(tmpdir(), 'bench-pglite-'));
const environment = { LOG_LEVEL: 'silent', NODE_ENV: 'development', STOREFRONT_DEV_MODE: 'true' };
const config = {
  ...loadConfig({ ...process.env, ...environment }),
  rateLimitPerMinute: 100_000_000,
  ipLimits: {
    signInFailures: 1_000_000,
    sends: 1_000_000,
    registrations: 1_000_000,
    guestTokens: 1_000_000,
    cardDeclines: 1_000_000,
  },
};
// Migrated and seeded by `npm run migrate` in a process of its own, as a deployment does before
// its servers start: the seed's fake-data library is no part of a running server's memory.
execFileSync(
  process.execPath,
  ['--import', 'tsx', fileURLToPath(new URL('../../server/commands/migrate.ts', import.meta.url))],
  {
    env: { ...process.env, ...environment, DATA_DIR: dataDir },
    stdio: 'ignore',
  },
);
const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl, poolSize: 10 }
    : { kind: 'pglite', dataDir },
);
const notifier = notifierFor(database, config);
const app = await buildApp({
  config,
  database,
  notifier,
  payments: createSandboxGateway(database.db),
  files: createDiskFileStore(config.filesDir),
});
const address = await app.listen({ host: '127.0.0.1', port: 0 });

const delay = monitorEventLoopDelay({ resolution: 10 });
delay.enable();
process.on('message', (message: { stats?: boolean; reset?: boolean; stop?: boolean }) => {
  if (message.reset) delay.reset();
  if (message.stats) {
    process.send?.({
      eventLoopDelayP99Ms: delay.percentile(99) / 1e6,
      maxMs: delay.max / 1e6,
    });
  }
  if (message.stop) {
    void app.close().then(async () => {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  }
});
process.send?.({ ready: new URL(address).port, database: database.kind });
