import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Nginx, startNginx } from '../../../deploy/cluster/nginx';
import { type Replica, startReplica } from '../../../deploy/cluster/replica';
import { type AppConfig, loadConfig } from '../../../server/config';
import { type Database, openDatabase } from '../../../server/db/client';

export interface Cluster {
  /** nginx in front of the replicas. */
  url: string;
  replicas: Replica[];
  nginx: Nginx;
  /** The replicas' configuration, as each of them read it. */
  config: AppConfig;
  /** The cluster's database, for the tests' own reads. */
  database: Database;
  /** Starts replica `index` again after it stopped (same port; settings and `env` over them). */
  restartReplica(index: number, env?: Record<string, string>): Promise<Replica>;
  close(): Promise<void>;
}

/** A free loopback port (the OS picks it; nothing holds it afterwards). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function serverUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) {
    throw new Error(
      'The cluster tests need a PostgreSQL server: run them with `npm run test:cluster` ' +
        '(which starts a throw-away one) or set DATABASE_URL.',
    );
  }
  return url;
}

/**
 * What an operator runs, on a database of its own: `npm run migrate` once, `replicas` server
 * processes (`node --import tsx server/main.ts`, as deploy/cluster.ts starts them) and nginx
 * with deploy/nginx.conf.template in front.
 */
export async function startCluster(
  options: { replicas?: number; env?: Record<string, string> } = {},
): Promise<Cluster> {
  const admin = new pg.Client({ connectionString: serverUrl() });
  await admin.connect();
  const name = `cluster_${randomBytes(6).toString('hex')}`;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    STOREFRONT_DEV_MODE: 'true',
    LOG_LEVEL: 'warn',
    DATABASE_URL: url.toString(),
    RATE_LIMIT_PER_MINUTE: '100000',
    SIGN_IN_FAILURES_PER_IP: '100000',
    PASSCODE_SENDS_PER_IP: '100000',
    REGISTRATIONS_PER_IP: '100000',
    GUEST_TOKENS_PER_IP: '100000',
    CARD_DECLINES_PER_IP: '100000',
    AUTO_REFILL_INTERVAL_SECONDS: '0',
    SEED_DEMO: 'true',
    ...options.env,
  };
  const migrated = spawnSync(process.execPath, ['--import', 'tsx', 'server/commands/migrate.ts'], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (migrated.status !== 0) throw new Error(`migrate failed:\n${migrated.stderr}`);

  const ports = await Promise.all(Array.from({ length: options.replicas ?? 2 }, () => freePort()));
  const start = (index: number, extra: Record<string, string> = {}) =>
    startReplica({
      name: `replica-${index + 1}`,
      port: ports[index] as number,
      env: { ...env, ...extra },
      quiet: true,
    });
  const replicas = await Promise.all(ports.map((_, index) => start(index)));
  const dir = mkdtempSync(join(tmpdir(), 'cluster-nginx-'));
  const nginx = await startNginx({ dir, port: await freePort(), replicaPorts: ports });
  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 4 });
  return {
    url: nginx.url,
    replicas,
    nginx,
    config: loadConfig(env),
    database,
    async restartReplica(index, extra) {
      const replica = await start(index, extra);
      replicas[index] = replica;
      return replica;
    },
    async close() {
      await nginx.stop();
      await Promise.all(replicas.map((replica) => replica.stop('SIGKILL')));
      await database.close();
      rmSync(dir, { recursive: true, force: true });
      const cleanup = new pg.Client({ connectionString: serverUrl() });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** The replica that answered, from the `x-served-by` header each one sends. */
export function servedBy(headers: Headers): string {
  return headers.get('x-served-by') ?? 'unknown';
}
