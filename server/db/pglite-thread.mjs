// The embedded PGlite database on a thread of its own, served over a Unix socket in the
// PostgreSQL protocol. PGlite runs Postgres compiled to WASM synchronously: on the server's
// main thread every query would stall every other request. Here the main thread only reads
// and writes the protocol (through the same `pg` driver as for PostgreSQL).
//
// Plain JavaScript on purpose: a worker thread does not inherit the TypeScript loader in every
// runner (the test runner's forks), and this file needs none of the app's code.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** PostgreSQL's socket file name in a directory, for this port: what `pg` connects to. */
const port = 5432;

const { dataPath } = workerData;
const db = await PGlite.create(dataPath ?? undefined, { extensions: { pg_trgm } });
const socketDir = mkdtempSync(join(tmpdir(), 'storefront-pglite-'));
// One connection at a time: PGlite is one Postgres session, so the app's pool holds one.
const server = new PGLiteSocketServer({ db, path: join(socketDir, `.s.PGSQL.${port}`) });
await server.start();
parentPort.postMessage({ socketDir, port });

parentPort.on('message', async (message) => {
  if (message !== 'close') return;
  await server.stop();
  await db.close();
  rmSync(socketDir, { recursive: true, force: true });
  process.exit(0);
});
