import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDatabase } from './db/seed/seed';
import { createNotifier } from './integrations/notifier/notifier';
import { createSandboxGateway } from './integrations/payments/sandbox-gateway';
import { startAutoRefillSchedule } from './jobs/auto-refill-schedule';

/** Reads config, migrates, seeds on first run, listens, and shuts down gracefully. */
async function main() {
  const config = loadConfig();
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  );
  await database.migrate();
  const seeded = await seedDatabase(database, config);
  const notifier = createNotifier(database, { smtpUrl: config.smtpUrl, mailFrom: config.mailFrom });
  const deps = { config, database, notifier, payments: createSandboxGateway() };
  const app = await buildApp(deps);
  const refills = startAutoRefillSchedule(deps, config.autoRefillIntervalSeconds, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
    try {
      await app.close();
      await refills.stop();
      await database.close();
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
  if (seeded.demoAccounts.length > 0) {
    lines.push('  Demo accounts (not created in production):');
    for (const account of seeded.demoAccounts) {
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
