// The embedded PGlite database on a thread of its own, served over a Unix socket in the
// PostgreSQL protocol. PGlite runs Postgres compiled to WASM synchronously: on the server's
// main thread every query would stall every other request. Here the main thread only reads
// and writes the protocol (through the same `pg` driver as for PostgreSQL).
//
// Plain JavaScript on purpose: a worker thread does not inherit the TypeScript loader in every
// runner (the test runner's forks), and this file needs none of the app's code.
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/** PostgreSQL's socket file name in a directory, for this port: what `pg` connects to. */
const port = 5432;
const sslRequestCode = 80877103;
const protocolVersion3 = 196608;
const terminate = 0x58; // 'X'
const sync = 0x53; // 'S'
const simpleQuery = 0x51; // 'Q'

const { dataPath } = workerData;
const db = await PGlite.create(dataPath ?? undefined, { extensions: { pg_trgm } });

/**
 * The length of the first complete message in `buffer` (0 when it has none yet). Messages are a
 * type byte and a length, but for the startup and SSL requests (a length and a code, no type).
 */
function firstMessageLength(buffer, started) {
  if (!started) {
    if (buffer.length < 8) return 0;
    const length = buffer.readInt32BE(0);
    return buffer.length >= length ? length : 0;
  }
  if (buffer.length < 5) return 0;
  const length = 1 + buffer.readInt32BE(1);
  return buffer.length >= length ? length : 0;
}

/**
 * Everything the session does, in the order it arrived from every connection: a connection
 * that ends has its transaction rolled back before the next one's messages run.
 */
let sessionQueue = Promise.resolve();
function inTurn(work) {
  const turn = sessionQueue.then(work);
  sessionQueue = turn.catch(() => {});
  return turn;
}

/**
 * One client connection, for PGlite's one session: each message goes to PGlite in turn, and
 * what it answers to one chunk of messages goes back in one write. A connection that ends keeps
 * the session but not its open transaction or its named statements (the next connection's
 * driver prepares its own again). Terminate is not passed on: it would end the session itself.
 */
function serve(socket) {
  let buffer = Buffer.alloc(0);
  let started = false;
  // (PGlite's exec takes the session's lock itself: it runs outside `runExclusive`.)
  inTurn(() => db.exec('DEALLOCATE ALL')).catch(() => socket.destroy());

  const handle = async () => {
    const answer = [];
    await db.runExclusive(async () => {
      for (;;) {
        const length = firstMessageLength(buffer, started);
        if (length === 0) return;
        const message = buffer.subarray(0, length);
        buffer = buffer.subarray(length);
        if (!started) {
          if (message.readInt32BE(4) === sslRequestCode) {
            answer.push(Buffer.from('N'));
            continue;
          }
          if (message.readInt32BE(4) !== protocolVersion3) {
            socket.destroy();
            return;
          }
          started = true;
        } else if (message[0] === terminate) {
          socket.end();
          return;
        }
        const type = message[0];
        await db.execProtocolRawStream(new Uint8Array(message), {
          syncToFs: type === sync || type === simpleQuery,
          onRawData: (data) => answer.push(Buffer.from(data)),
        });
      }
    });
    if (answer.length > 0 && socket.writable) socket.write(Buffer.concat(answer));
  };

  socket.on('data', (chunk) => {
    buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
    inTurn(handle).catch(() => socket.destroy());
  });
  socket.on('error', () => socket.destroy());
  socket.on('close', () => {
    inTurn(async () => {
      if (!db.closed && db.isInTransaction()) await db.exec('ROLLBACK');
    }).catch(() => {});
  });
}

const socketDir = mkdtempSync(join(tmpdir(), 'storefront-pglite-'));
const server = createServer(serve);
await new Promise((resolve) => server.listen(join(socketDir, `.s.PGSQL.${port}`), resolve));
parentPort.postMessage({ socketDir, port });

parentPort.on('message', async (message) => {
  if (message !== 'close') return;
  await new Promise((resolve) => {
    server.close(resolve);
    for (const socket of openSockets) socket.destroy();
  });
  await db.close();
  rmSync(socketDir, { recursive: true, force: true });
  process.exit(0);
});

const openSockets = new Set();
server.on('connection', (socket) => {
  openSockets.add(socket);
  socket.on('close', () => openSockets.delete(socket));
});
