import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from './client';
import type { HandleInternals } from './prepared';

/**
 * Calls made in the same turn of the event loop, answered together: `send` gets what each call
 * asked, in order, and answers each in the same order (one statement over arrays of values, for
 * a read). Under load many requests' reads then share one round trip to the database, which on
 * this machine costs more than the statement itself; a call alone waits one turn at most.
 *
 * A batch goes as soon as it holds `largestBatch` calls, the turn's rest at its end: under load
 * the database then runs one batch while the server reads the requests of the next and answers
 * those of the last, where a whole turn's batch left each waiting for the other. 16 measured
 * best for PostgreSQL's hot reads here (README, "Where the time goes"): fewer a batch cost it
 * more statements, more left the server idle longer.
 */
export function batchedPerTurn<Asked, Answer>(
  send: (asked: Asked[]) => Promise<Answer[]>,
  largestBatch = 16,
): (asked: Asked) => Promise<Answer> {
  let waiting: { asked: Asked; resolve: (answer: Answer) => void; reject: (e: unknown) => void }[] =
    [];
  const sendSafely = (asked: Asked[]) => {
    try {
      return send(asked);
    } catch (error) {
      return Promise.reject(error);
    }
  };
  const sendWaiting = () => {
    const batch = waiting;
    waiting = [];
    if (batch.length === 0) return;
    sendSafely(batch.map((call) => call.asked)).then(
      (answers) => {
        for (const [index, call] of batch.entries()) call.resolve(answers[index] as Answer);
      },
      (error) => {
        for (const call of batch) call.reject(error);
      },
    );
  };
  return (asked) =>
    new Promise<Answer>((resolve, reject) => {
      if (waiting.length === 0) setImmediate(sendWaiting);
      waiting.push({ asked, resolve, reject });
      if (waiting.length >= largestBatch) sendWaiting();
    });
}

/**
 * The calls' answers from a statement over arrays: each row numbered by its call's place in the
 * arrays (`n`, from 1, as `with ordinality` numbers them); null for a call no row answers.
 */
export function answersByNumber<Row extends { n: string }, Answer>(
  calls: number,
  rows: Row[],
  answer: (row: Row) => Answer,
): (Answer | null)[] {
  const answers: (Answer | null)[] = Array.from({ length: calls }, () => null);
  for (const row of rows) answers[Number(row.n) - 1] = answer(row);
  return answers;
}

/**
 * A batch's calls as rows of a statement's `from`: `unnest(arrays) with ordinality`, named
 * `alias(columns, n)`, behind a limit of the batch's size (the first array's length).
 * PostgreSQL keeps one plan of a named statement for every batch only while that plan's
 * estimate stays below the average of the plans it made for each batch's own values, and it
 * takes an array it cannot see for ten rows: after a run of small batches it planned every
 * execution again (an order's read, 1–3 ms of its CPU each: measured, README "Where the time
 * goes"). It takes a limit it cannot see for a tenth of that, one call, so the one plan stays
 * the cheaper for any batch.
 */
export function callsOfBatch(arrays: SQL[], alias: string, columns: SQL[]): SQL {
  const named = sql`${sql.raw(alias)}(${sql.join([...columns, sql.raw('n')], sql`, `)})`;
  return sql`(select * from unnest(${sql.join(arrays, sql`, `)}) with ordinality as ${named}
    limit cardinality(${arrays[0]})) as ${sql.raw(alias)}`;
}

/** `send` batched per turn (`batchedPerTurn`), apart for each database handle. */
export function batchedPerDatabase<Asked, Answer>(
  send: (db: Db, asked: Asked[]) => Promise<Answer[]>,
): (db: Db, asked: Asked) => Promise<Answer> {
  const batches = new WeakMap<Db, (asked: Asked) => Promise<Answer>>();
  return (db, asked) => {
    let batch = batches.get(db);
    if (!batch) {
      batch = batchedPerTurn((calls: Asked[]) => send(db, calls));
      batches.set(db, batch);
    }
    return batch(asked);
  };
}

/** The pools of PostgreSQL servers (`sharesTurns`). */
const poolsSharingTurns = new WeakSet<object>();

/** Marks the pool of a PostgreSQL server, whose handle's calls may share a statement. */
export function shareTurnsOn(pool: object): void {
  poolsSharingTurns.add(pool);
}

/**
 * Whether the calls of a turn on this handle gain from going as one statement: on PostgreSQL
 * (another process: each statement a round trip, a write and a read on a socket either side
 * and a backend woken), not in a transaction (its statements go on its own connection, in
 * order). On the embedded database a statement's round trip costs little and its WASM runs a
 * statement over arrays slower than the plain one (measured: README, "Where the time goes"),
 * so a write, a write's read-back and a signed-in call's token are sent each as it comes.
 */
export function sharesTurns(db: DbOrTx): boolean {
  return poolsSharingTurns.has((db as unknown as HandleInternals).session.client as object);
}
