import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../../server/app';
import { type AppConfig, testConfig } from '../../../server/config';
import { type Database, openDatabase } from '../../../server/db/client';
import { seedDatabase } from '../../../server/db/seed/seed';
import type { AppDeps } from '../../../server/deps';
import { fileStoreFor } from '../../../server/integrations/files/file-store-for';
import { notifierFor } from '../../../server/integrations/notifier/notifier';
import { gatewayFor } from '../../../server/integrations/payments/gateway-for';
import {
  createSandboxGateway,
  type SandboxGateway,
} from '../../../server/integrations/payments/sandbox-gateway';
import { migratedImage } from './migrated-image';

export interface TestApp {
  url: string;
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  /** The sandbox gateway (the app's, unless PAYMENT_GATEWAY=stripe): tests count its charges. */
  payments: SandboxGateway;
  /** What the app was built with, for calling services and jobs directly. */
  deps: AppDeps;
  close(): Promise<void>;
}

/** What the shared helpers need of a running app: one process here, or a cluster. */
export type AppUnderTest = Pick<TestApp, 'url' | 'config' | 'database'>;

/**
 * The real app on a real database, listening on a free loopback port: PGlite in memory by
 * default, or a fresh database on the PostgreSQL server named by DATABASE_URL (dropped after).
 */
export async function startTestApp(overrides: Partial<AppConfig> = {}): Promise<TestApp> {
  const adminUrl = process.env.DATABASE_URL;
  let dropDatabase: (() => Promise<void>) | null = null;
  let database: Database;
  if (adminUrl) {
    const name = `test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 8 });
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      // pool.end() resolves before its connections have closed; terminating one that is still
      // closing makes the pool emit an unhandled 'error'. Let them go first (up to ~2 s).
      for (let i = 0; i < 100; i += 1) {
        const { rows } = await client.query(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  } else {
    database = await openDatabase({ kind: 'pglite', dataDir: null, image: migratedImage() });
  }
  const config = testConfig({ databaseUrl: adminUrl ?? null, ...overrides });
  await database.migrate();
  await seedDatabase(database, config);
  const notifier = notifierFor(database, config);
  const payments = createSandboxGateway(database.db);
  const files = await fileStoreFor(config);
  const gateway =
    config.paymentGateway === 'sandbox' ? payments : await gatewayFor(config, database.db);
  const deps: AppDeps = { config, database, notifier, payments: gateway, files };
  const app = await buildApp(deps);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    app,
    database,
    config,
    payments,
    deps,
    async close() {
      await app.close();
      await database.close();
      files.close();
      await dropDatabase?.();
    },
  };
}
