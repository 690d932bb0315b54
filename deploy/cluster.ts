import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Nginx, startNginx } from './cluster/nginx';
import { type Replica, startReplica } from './cluster/replica';

/**
 * `npm run cluster`: the product as a pharmacy with more than one server would run it, on this
 * machine. PostgreSQL (DATABASE_URL, or a throw-away one from deploy/with-database.sh),
 * migrations run once, N replicas (CLUSTER_REPLICAS, default 2) on ports 3101.., and nginx in
 * front on CLUSTER_PORT (default 3000) with deploy/nginx.conf.template. Ctrl-C stops it all.
 */
const replicaCount = Number(process.env.CLUSTER_REPLICAS ?? 2);
const port = Number(process.env.CLUSTER_PORT ?? 3000);
if (!process.env.DATABASE_URL) {
  process.stderr.write('npm run cluster needs PostgreSQL: set DATABASE_URL, or install it.\n');
  process.exit(1);
}

function run(args: string[]) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', ...args], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run(['server/commands/ensure-ui-built.ts']);
run(['server/commands/migrate.ts']);
const replicas: Replica[] = [];
let nginx: Nginx | null = null;
try {
  for (let i = 0; i < replicaCount; i++) {
    replicas.push(
      await startReplica({
        name: `replica-${i + 1}`,
        port: 3101 + i,
        env: { PUBLIC_URL: `http://localhost:${port}` },
      }),
    );
  }
  nginx = await startNginx({
    dir: mkdtempSync(join(tmpdir(), 'storefront-nginx-')),
    port,
    replicaPorts: replicas.map((replica) => replica.port),
  });
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  await Promise.all(replicas.map((replica) => replica.stop('SIGKILL')));
  process.exit(1);
}
process.stdout.write(
  `\nStorefront cluster: ${replicaCount} replicas behind nginx at http://localhost:${port}\n` +
    `  replicas: ${replicas.map((r) => r.url).join(', ')}\n  Ctrl-C stops everything.\n\n`,
);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await nginx?.stop();
  await Promise.all(replicas.map((replica) => replica.stop('SIGTERM')));
  process.exit(0);
};
process.once('SIGINT', () => void stop());
process.once('SIGTERM', () => void stop());
