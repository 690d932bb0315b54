import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startNginx } from '../../deploy/cluster/nginx';
import { type Replica, startReplica } from '../../deploy/cluster/replica';
import { freePort } from '../cluster/helpers/cluster';

const seconds = Number(process.env.BENCH_ROUND_SECONDS ?? 4);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);

function rpsOf(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: 50, duration: seconds }, (error, result) => {
      if (error) return reject(error);
      if (result.non2xx > 0) return reject(new Error(`${result.non2xx} non-2xx answers`));
      resolve(result.requests.average);
    });
  });
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;

/**
 * Replicas behind nginx (deploy/nginx.conf.template) on one PostgreSQL: requests per second
 * of a hot read (the cart) through nginx with one replica and with two, in interleaved rounds.
 */
export async function benchReplicas(serverUrl: string): Promise<void> {
  const name = `bench_replicas_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const env = {
    NODE_ENV: 'development',
    STOREFRONT_DEV_MODE: 'true',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url.toString(),
    RATE_LIMIT_PER_MINUTE: '100000000',
    REGISTRATIONS_PER_IP: '100000',
    GUEST_TOKENS_PER_IP: '100000',
    CARD_DECLINES_PER_IP: '100000',
    AUTO_REFILL_INTERVAL_SECONDS: '0',
  };
  spawnSync(process.execPath, ['--import', 'tsx', 'server/commands/migrate.ts'], {
    env: { ...process.env, ...env },
  });
  const replicas: Replica[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'bench-nginx-'));
  try {
    for (const index of [1, 2]) {
      replicas.push(
        await startReplica({ name: `bench-${index}`, port: await freePort(), env, quiet: true }),
      );
    }
    const [first] = replicas;
    if (!first) throw new Error('no replica');
    const one = await startNginx({
      dir: join(dir, 'one'),
      port: await freePort(),
      replicaPorts: [first.port],
    });
    const two = await startNginx({
      dir: join(dir, 'two'),
      port: await freePort(),
      replicaPorts: replicas.map((replica) => replica.port),
    });
    const login = await fetch(`${one.url}/api/auth/AccessTokenSfrw`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'username=patient@demo.test&password=Patient%232026&companyid=132',
    });
    const token = ((await login.json()) as { Data: { access_token: string } }).Data.access_token;
    const headers = { authorization: `Bearer ${token}` };
    const path = '/api/user/Cart/GetItemsInCart';
    await rpsOf(`${one.url}${path}`, headers);
    await rpsOf(`${two.url}${path}`, headers);
    const samples = { one: [] as number[], two: [] as number[] };
    for (let round = 0; round < rounds; round++) {
      samples.one.push(await rpsOf(`${one.url}${path}`, headers));
      samples.two.push(await rpsOf(`${two.url}${path}`, headers));
    }
    await one.stop();
    await two.stop();
    const oneRps = median(samples.one);
    const twoRps = median(samples.two);
    console.log(`\nReplicas behind nginx on PostgreSQL: GET cart, 50 connections (medians)`);
    console.log(`  one replica   ${oneRps.toFixed(0).padStart(7)} req/s`);
    console.log(
      `  two replicas  ${twoRps.toFixed(0).padStart(7)} req/s   ${(twoRps / oneRps).toFixed(2)}×`,
    );
    console.log(
      `  This machine has ${cpus().length} cores for nginx, PostgreSQL, the load generator and` +
        ' the replicas together, so a second replica has no core of its own here. Each replica' +
        ' is one Node.js process (one core); with a core per replica and PostgreSQL on its own' +
        ' host, throughput grows with the replicas until PostgreSQL is the limit.',
    );
  } finally {
    await Promise.all(replicas.map((replica) => replica.stop('SIGTERM')));
    rmSync(dir, { recursive: true, force: true });
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}
