import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { errorForLog } from '../../../server/plugins/logging';

describe('errors in the log', () => {
  it('keep the query of a failed one but never its bound values, nor the row PostgreSQL quotes', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      detail: 'Key (lower(email))=(jane.secret@example.test) already exists.',
      table: 'users',
    });
    const error = new DrizzleQueryError(
      'insert into "users" ("email", "password_hash") values ($1, $2)',
      ['jane.secret@example.test', '$argon2id$v=19$secret-hash'],
      cause,
    );
    const shown = errorForLog(error);
    const line = JSON.stringify(shown);
    expect(line).toContain('insert into \\"users\\"');
    expect(line).toContain('23505');
    expect(line).toContain('params: [redacted]');
    expect(line).not.toContain('jane.secret');
    expect(line).not.toContain('argon2id');
  });

  it('shows other errors as they are', () => {
    expect(errorForLog(new TypeError('boom'))).toMatchObject({
      type: 'TypeError',
      message: 'boom',
    });
    expect(errorForLog('a string')).toBe('a string');
  });
});
