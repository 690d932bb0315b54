import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminExistsMessage, createAdmin } from '../../server/commands/create-admin';
import { auditLog } from '../../server/db/schema/platform';
import { findUserByEmail } from '../../server/modules/users/user-queries';
import { AppError } from '../../shared/errors/app-error';
import { validationMessages } from '../../shared/errors/messages';
import { call } from './helpers/http';
import { startTestApp, type TestApp } from './helpers/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const input = {
  email: 'first.admin@storefront.test',
  firstName: 'Grace',
  lastName: 'Hopper',
  password: 'Cobol#1959!',
};

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('createAdmin (npm run admin:create)', () => {
  it('creates an admin who can then sign in', async () => {
    const created = await createAdmin(t.database, t.config, input);
    expect(created).toMatchObject({
      email: input.email,
      firstName: 'Grace',
      lastName: 'Hopper',
    });

    const row = await findUserByEmail(t.database.db, input.email);
    expect(row).toMatchObject({
      id: created.id,
      role: 'admin',
      storefrontId: t.config.storefrontId,
      signupSource: 'staff',
    });
    expect(row?.passwordHash?.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(row?.passwordHash).not.toContain(input.password);

    const login = await call(t.url, 'POST', '/api/auth/AccessTokenSfrw', {
      form: { username: input.email, password: input.password, companyid: '132' },
    });
    expect(login.status).toBe(200);
    expect(login.body.Data.role).toBe('admin');
    expect(login.body.Data.userId).toBe(created.id);
    expect(typeof login.body.Data.access_token).toBe('string');
  });

  it('writes an audit entry as the system, without the password', async () => {
    const user = await findUserByEmail(t.database.db, input.email);
    if (!user) throw new Error('admin missing');
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'admin.created'), eq(auditLog.subject, user.id)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorRole: 'system', outcome: 'success', ip: null });
    expect(JSON.stringify(entries[0])).not.toContain(input.password);
  });

  it('refuses an email that exists, whatever its case or role', async () => {
    const duplicate = await refusal(
      createAdmin(t.database, t.config, { ...input, email: 'FIRST.Admin@storefront.test' }),
    );
    expect(duplicate.status).toBe(409);
    expect(duplicate.message).toBe(adminExistsMessage);
    const patient = await refusal(
      createAdmin(t.database, t.config, { ...input, email: 'patient@demo.test' }),
    );
    expect(patient.status).toBe(409);
    expect((await findUserByEmail(t.database.db, 'patient@demo.test'))?.role).toBe('patient');
  });

  it.each([
    ['too short', 'Ab#1'],
    ['no upper case', 'lowercase#1'],
    ['no digit', 'NoDigits#here'],
    ['no special character', 'NoSpecial123'],
    ['over 50 characters', `Aa#1${'x'.repeat(47)}`],
  ])('refuses a weak password (%s) with the spec message', async (_name, password) => {
    const email = `weak.${password.length}.${_name.replace(/\W/g, '')}@storefront.test`;
    const error = await refusal(createAdmin(t.database, t.config, { ...input, email, password }));
    expect(error.status).toBe(400);
    expect(error.errors).toEqual({ password: 'passwordError' });
    expect(error.message).toBe(
      'Your password must be 8 characters minimum, with at least one uppercase letter, one number, and one special character (e.g. @!#$%^&*).',
    );
    expect(await findUserByEmail(t.database.db, email)).toBeNull();
  });

  it('refuses a bad email and short names', async () => {
    const email = await refusal(createAdmin(t.database, t.config, { ...input, email: 'nope' }));
    expect(email.errors).toEqual({ email: 'emailError' });
    expect(email.message).toBe(validationMessages.emailError);
    const names = await refusal(
      createAdmin(t.database, t.config, {
        ...input,
        email: 'short.names@storefront.test',
        firstName: 'G',
        lastName: ' ',
      }),
    );
    expect(names.errors).toEqual({ firstName: 'firstNameError', lastName: 'lastNameError' });
    expect(await findUserByEmail(t.database.db, 'short.names@storefront.test')).toBeNull();
  });
});
