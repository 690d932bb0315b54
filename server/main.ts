import { buildApp } from './app';
import { loadConfig } from './config';
import { openConfiguredDatabase } from './db/open-configured';
import { fileStoreFor } from './integrations/files/file-store-for';
import { deleteOldOutboxRows, notifierFor } from './integrations/notifier/notifier';
import { gatewayFor } from './integrations/payments/gateway-for';
import { startAutoRefillSchedule } from './jobs/auto-refill-schedule';
import { settleAbandonedPayments } from './jobs/payment-recovery';
import { every } from './jobs/schedule';
import { visitUpkeep } from './jobs/visit-upkeep';
import { deleteSpentCodes } from './modules/auth/spent-codes';
import { deleteExpiredIdempotencyKeys } from './modules/payments/idempotency';
import { pruneRateLimitWindows } from './plugins/shared-rate-limit';

/** Reads config, migrates, seeds on first run, listens, and shuts down gracefully. */
async function main() {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  let demoAccounts: { role: string; email: string; password: string }[] = [];
  if (config.migrateOnStart) {
    await database.migrate();
    // Loaded only by a start that seeds: its fake-data library is no part of a running server.
    const { seedDatabase } = await import('./db/seed/seed');
    demoAccounts = (await seedDatabase(database, config)).demoAccounts;
  }
  const notifier = notifierFor(database, config);
  const deps = {
    config,
    database,
    notifier,
    payments: await gatewayFor(config, database.db),
    files: await fileStoreFor(config),
  };
  const app = await buildApp(deps);
  const jobs = [
    startAutoRefillSchedule(deps, config.autoRefillIntervalSeconds, app.log),
    every('rate-limit pruning', 60, () => pruneRateLimitWindows(database.db), app.log),
    every(
      'payment recovery',
      30,
      async () => void (await settleAbandonedPayments(deps, app.log)),
      app.log,
    ),
    every('visit upkeep', 60, async () => void (await visitUpkeep(deps, app.log)), app.log),
    every('outbox cleanup', 3600, async () => void (await deleteOldOutboxRows(database)), app.log),
    every(
      'spent code cleanup',
      3600,
      async () => void (await deleteSpentCodes(database.db)),
      app.log,
    ),
    every(
      'idempotency key cleanup',
      3600,
      async () => void (await deleteExpiredIdempotencyKeys(database.db)),
      app.log,
    ),
  ];

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
    // Requests still running when the grace period ends are cut, so that the process ends
    // before an orchestrator's SIGKILL (30 s is the usual budget).
    const deadline = setTimeout(() => {
      app.log.warn('grace period over: closing the connections still open');
      app.server.closeAllConnections();
    }, config.shutdownGraceSeconds * 1000);
    deadline.unref();
    try {
      await app.close();
      await Promise.all(jobs.map((job) => job.stop()));
      await database.close();
      deps.files.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ host: config.host, port: config.port });
  const url = `http://localhost:${config.port}`;
  const lines = [
    '',
    `Storefront is running at ${url}`,
    `  API docs:  ${url}/api/docs`,
    `  Health:    ${url}/api/health`,
    `  Database:  ${database.kind === 'pglite' ? `PGlite in ${config.dataDir}/pglite` : 'PostgreSQL'}`,
  ];
  if (demoAccounts.length > 0) {
    lines.push('  Demo accounts (not created in production):');
    for (const account of demoAccounts) {
      lines.push(`    ${account.role.padEnd(8)} ${account.email}  password: ${account.password}`);
    }
  }
  if (config.devOutbox) lines.push(`  Outbox:    ${url}/api/dev/outbox?to=ADDRESS`);
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
