import { eq } from 'drizzle-orm';
import type { Role } from '../../../server/db/schema/identity';
import { users } from '../../../server/db/schema/identity';
import { hashPassword } from '../../../server/lib/passwords';
import type { SignInByRead } from '../../../server/modules/auth/request-context';
import { principalOfToken, tokenHashOf } from '../../../server/modules/auth/token-service';
import { call } from './http';
import type { AppUnderTest } from './test-app';

let counter = 0;

/** A fresh user straight in the database, so that tests do not share accounts. */
export async function createUser(
  t: AppUnderTest,
  input: { role?: Role; password?: string | null; phone?: string | null; email?: string } = {},
) {
  counter += 1;
  const email = input.email ?? `user${Date.now()}${counter}@example.test`;
  const password = input.password === undefined ? 'Sunrise#2026' : input.password;
  const [row] = await t.database.db
    .insert(users)
    .values({
      email,
      passwordHash: password ? await hashPassword(password) : null,
      firstName: 'Test',
      lastName: 'Person',
      phone: input.phone === undefined ? '5555550199' : input.phone,
      role: input.role ?? 'patient',
      storefrontId: t.config.storefrontId,
      passwordUpdatedAt: new Date(),
    })
    .returning();
  if (!row) throw new Error('user not created');
  return { ...row, password: password ?? '' };
}

export async function login(t: AppUnderTest, email: string, password: string) {
  return call(t.url, 'POST', '/api/auth/AccessTokenSfrw', {
    form: { username: email, password, companyid: String(t.config.storefrontId) },
  });
}

/** Signs in and returns the bearer token; fails the test when sign-in fails. */
export async function tokenFor(t: AppUnderTest, email: string, password: string): Promise<string> {
  const res = await login(t, email, password);
  if (res.status !== 200)
    throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.Data.access_token as string;
}

/**
 * A bearer token's sign-in as a route that checks its token in its read hands it to the service
 * (`signInByRead`): admitted when the token is valid, refused (thrown) when not.
 */
export function signInByToken(t: AppUnderTest, token: string): SignInByRead {
  const tokenHash = tokenHashOf(token);
  if (!tokenHash) throw new Error('no token');
  return {
    tokenHash,
    async admit(row) {
      const found = row && (await principalOfToken(t.database.db, row, false));
      if (!found) throw new Error('token refused');
      return { principal: found.principal, ip: null, requestId: null };
    },
  };
}

export async function guestToken(t: AppUnderTest): Promise<string> {
  const res = await call(t.url, 'POST', '/api/auth/AccessTokenAdmin', {
    form: {
      grant_type: 'client_credentials',
      client_id: t.config.guestClientId,
      client_secret: t.config.guestClientSecret,
    },
  });
  if (res.status !== 200) throw new Error(`guest token failed: ${res.status}`);
  return res.body.Data.access_token as string;
}

export async function userRow(t: AppUnderTest, id: string) {
  const [row] = await t.database.db.select().from(users).where(eq(users.id, id));
  return row;
}

export const demo = {
  patient: { email: 'patient@demo.test', password: 'Patient#2026' },
  agent: { email: 'agent@demo.test', password: 'Agent#2026!' },
  ecp: { email: 'ecp@demo.test', password: 'Optometry#2026' },
  doctor: { email: 'doctor@demo.test', password: 'Doctor#2026!' },
  admin: { email: 'admin@demo.test', password: 'Admin#2026!' },
} as const;
