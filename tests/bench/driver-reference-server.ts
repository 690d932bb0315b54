import Fastify from 'fastify';
import pg from 'pg';
import { embeddedPoolConfig, postgresPoolConfig } from '../../server/db/client';
import { startEmbeddedDatabase } from '../../server/db/embedded-database';

// The second reference (DESIGN §7): a bare Fastify route over the app's database driver, with
// its pool as the app opens it (ten connections to PostgreSQL, or PGlite on its thread over one),
// reading what a hot read of ours reads at the least: a caller's token, then one row the caller
// owns (two named statements, as every call on PostgreSQL does), or both in one statement. It
// shows what the driver and the database leave of hello-world on this machine, before any of
// our code runs.
const embedded = process.env.DATABASE_URL ? null : await startEmbeddedDatabase(null);
const pool = new pg.Pool(
  embedded ? embeddedPoolConfig(embedded) : postgresPoolConfig(process.env.DATABASE_URL ?? ''),
);

await pool.query(`
  drop schema if exists bench_reference cascade;
  create schema bench_reference;
  create table bench_reference.tokens (hash text primary key, user_id int not null, expires_at timestamptz not null);
  create table bench_reference.rows (id serial primary key, user_id int not null, name text not null, qty int not null, updated_at timestamptz not null default now(), parts jsonb not null);
  insert into bench_reference.tokens select 'token-' || n, n, now() + interval '1 day' from generate_series(1, 100) n;
  insert into bench_reference.rows (user_id, name, qty, parts) select n, 'row ' || n, n, '[{"sku": "A-1", "qty": 2}]' from generate_series(1, 100) n;
`);

const token = {
  name: 'reference_token',
  text: 'select user_id from bench_reference.tokens where hash = $1 and expires_at > now()',
};
const row = {
  name: 'reference_row',
  text: 'select id, name, qty, updated_at, parts from bench_reference.rows where id = $1 and user_id = $2',
};
const rowWithToken = {
  name: 'reference_row_with_token',
  text: `select r.id, r.name, r.qty, r.updated_at, r.parts from bench_reference.rows r
    join bench_reference.tokens t on t.user_id = r.user_id
    where t.hash = $1 and t.expires_at > now() and r.id = $2`,
};

const app = Fastify();
app.get('/token-then-row', async () => {
  const [caller] = (await pool.query({ ...token, values: ['token-7'] })).rows;
  const [found] = (await pool.query({ ...row, values: [7, caller.user_id] })).rows;
  return found;
});
app.get('/row-with-token', async () => {
  const [found] = (await pool.query({ ...rowWithToken, values: ['token-7', 7] })).rows;
  return found;
});

const address = await app.listen({ host: '127.0.0.1', port: 0 });
process.on('message', (message: { stop?: boolean }) => {
  if (!message.stop) return;
  void app.close().then(async () => {
    await pool.query('drop schema bench_reference cascade');
    await pool.end();
    await embedded?.stop();
    process.exit(0);
  });
});
process.send?.({ ready: new URL(address).port });
