import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { dirname, join } from 'node:path';

/**
 * Restarts the throw-away PostgreSQL of .ci/with-postgres.sh (`npm run test:cluster` starts
 * it): a fast shutdown (active sessions are ended) and a start with the same settings.
 */
export async function restartPostgres(): Promise<void> {
  const bin = process.env.CI_POSTGRES_BIN;
  const data = process.env.CI_POSTGRES_DATA;
  if (!bin || !data) {
    throw new Error(
      'Restarting PostgreSQL needs the throw-away server of .ci/with-postgres.sh: run `npm run test:cluster`.',
    );
  }
  // The server started again keeps its output open: it goes to the log, not to this process.
  const pgCtl = spawn(
    'runuser',
    ['-u', 'postgres', '--', `${bin}/pg_ctl`, '-D', data, '-l', join(dirname(data), 'log')].concat([
      '-m',
      'fast',
      '-w',
      'restart',
    ]),
    { stdio: 'ignore' },
  );
  const [code] = (await once(pgCtl, 'exit')) as [number | null];
  if (code !== 0) throw new Error(`pg_ctl restart failed (exit ${code})`);
}
