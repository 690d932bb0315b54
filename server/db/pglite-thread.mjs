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

const { dataPath, image } = workerData;
// Postgres's buffer cache is memory PGlite's WASM heap holds from the start: 16 MB of it
// (Postgres's default is 128 MB) keeps the embedded server within its memory budget
// (DESIGN §7); pages it does not hold are read from the data directory's files, in the
// operating system's cache.
const db = await PGlite.create(dataPath ?? undefined, {
  extensions: { pg_trgm },
  startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'],
  ...(image ? { loadDataDir: new Blob([image]) } : {}),
});

/**
 * The length of the complete message at `offset` in `buffer` (0 when it is not all there yet).
 * Messages are a type byte and a length, but for the startup and SSL requests (a length and a
 * code, no type).
 */
function messageLengthAt(buffer, offset, started) {
  const left = buffer.length - offset;
  if (!started) {
    if (left < 8) return 0;
    const length = buffer.readInt32BE(offset);
    return left >= length ? length : 0;
  }
  if (left < 5) return 0;
  const length = 1 + buffer.readInt32BE(offset + 1);
  return left >= length ? length : 0;
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
 * One client connection, for PGlite's one session: the messages of each chunk go to PGlite
 * together, and what it answers goes back in one write. A connection that ends keeps
 * the session but not its open transaction or its named statements (the next connection's
 * driver prepares its own again). Terminate is not passed on: it would end the session itself.
 */
function serve(socket) {
  let buffer = Buffer.alloc(0);
  let started = false;
  // (PGlite's exec takes the session's lock itself: it runs outside `runExclusive`.)
  inTurn(() => db.exec('DEALLOCATE ALL')).catch(() => socket.destroy());

  /** The startup (and SSL) requests, one by one; then whether the connection goes on. */
  const start = async (answer) => {
    for (;;) {
      const length = messageLengthAt(buffer, 0, false);
      if (length === 0) return false;
      const message = buffer.subarray(0, length);
      buffer = buffer.subarray(length);
      if (message.readInt32BE(4) === sslRequestCode) {
        answer.push(Buffer.from('N'));
        continue;
      }
      if (message.readInt32BE(4) !== protocolVersion3) {
        socket.destroy();
        return false;
      }
      started = true;
      await db.execProtocolRawStream(new Uint8Array(message), {
        onRawData: (data) => answer.push(Buffer.from(data)),
      });
      return true;
    }
  };

  /**
   * Every complete message that has arrived goes to PGlite in one call (a query's Bind,
   * Describe, Execute and Sync together cost a quarter of what they cost one by one); an
   * error skips to the next Sync there, as in any Postgres.
   */
  const handle = async () => {
    const answer = [];
    let terminated = false;
    await db.runExclusive(async () => {
      if (!started && !(await start(answer))) return;
      let end = 0;
      let syncs = false;
      for (;;) {
        const length = messageLengthAt(buffer, end, true);
        if (length === 0) break;
        const type = buffer[end];
        if (type === terminate) {
          terminated = true;
          break;
        }
        syncs ||= type === sync || type === simpleQuery;
        end += length;
      }
      if (end === 0) return;
      const messages = buffer.subarray(0, end);
      buffer = buffer.subarray(end);
      await db.execProtocolRawStream(new Uint8Array(messages), {
        syncToFs: syncs,
        onRawData: (data) => answer.push(Buffer.from(data)),
      });
    });
    if (answer.length > 0 && socket.writable) socket.write(Buffer.concat(answer));
    if (terminated) socket.end();
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
