import { createServer } from 'node:net';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnreachable } from '../../../server/db/connection-errors';

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** What the driver throws when the database is not there (a real connection attempt). */
async function refusedConnectionError(): Promise<unknown> {
  const client = new pg.Client({ host: '127.0.0.1', port: await closedPort() });
  return client.connect().then(
    () => new Error('connected?'),
    (error: unknown) => error,
  );
}

describe('isDatabaseUnreachable', () => {
  it('knows a refused connection, as the driver throws it and as Drizzle wraps it', async () => {
    const refused = await refusedConnectionError();
    expect(isDatabaseUnreachable(refused)).toBe(true);
    const wrapped = new Error('Failed query: select 1', { cause: refused });
    expect(isDatabaseUnreachable(wrapped)).toBe(true);
  });

  it.each([
    ['57P01', 'terminating connection due to administrator command'],
    ['57P03', 'the database system is shutting down'],
    ['08006', 'connection failure'],
    ['53300', 'sorry, too many clients already'],
  ])('knows the server-side code %s (%s)', (code, message) => {
    expect(isDatabaseUnreachable(Object.assign(new Error(message), { code }))).toBe(true);
  });

  it('knows a connection the pool saw end', () => {
    expect(isDatabaseUnreachable(new Error('Connection terminated unexpectedly'))).toBe(true);
  });

  it.each([
    ['23505', 'duplicate key value violates unique constraint'],
    ['42P01', 'relation "nope" does not exist'],
    ['40001', 'could not serialize access'],
  ])('leaves a query error alone: %s', (code, message) => {
    expect(isDatabaseUnreachable(Object.assign(new Error(message), { code }))).toBe(false);
  });

  it('leaves anything else alone', () => {
    expect(isDatabaseUnreachable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnreachable(null)).toBe(false);
    expect(isDatabaseUnreachable('ECONNREFUSED')).toBe(false);
  });
});
