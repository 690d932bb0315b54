import type { TokenData } from '../../../shared/contracts/auth';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { AppDeps } from '../../deps';
import { verifyPassword } from '../../lib/passwords';
import { writeAudit } from '../audit/audit-service';
import { findUserByEmail } from '../users/user-queries';
import { refusedAttemptMessage, takePasswordAttempt } from './lockout';
import type { RequestContext } from './request-context';
import { type ClientReport, completeSignIn } from './sign-in';
import { assertIpNotThrottled, recordAttempt } from './throttle';

/**
 * Email and password sign-in. A wrong password and an unknown email answer the same message
 * (spec §8) and take the same time; a locked account says so only after its own failures.
 * The attempt is counted before the password is checked (takePasswordAttempt).
 */
export async function loginWithPassword(
  { database, config }: AppDeps,
  context: RequestContext,
  input: {
    email: string;
    password: string;
    storefrontId: number;
    guestOrderId: string | null;
    /** The session GUID the guest order was made under: with the guest token, its proof. */
    guid?: string | null;
    reported?: ClientReport;
  },
): Promise<TokenData> {
  const { db } = database;
  await assertIpNotThrottled(db, config.ipLimits, 'password', context.ip);
  const user = await findUserByEmail(db, input.email);
  if (user && !(await takePasswordAttempt(db, user))) {
    await recordAttempt(db, {
      method: 'password',
      ip: context.ip,
      account: input.email,
      success: false,
    });
    throw fail.tooManyRequests(await refusedAttemptMessage(db, user));
  }
  const valid = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !valid || user.disabledAt || user.storefrontId !== input.storefrontId) {
    await db.transaction(async (tx) => {
      await recordAttempt(tx, {
        method: 'password',
        ip: context.ip,
        account: input.email,
        success: false,
      });
      await writeAudit(tx, context, {
        action: 'auth.sign-in.password',
        outcome: 'failure',
        actorId: user?.id ?? null,
        actorRole: user?.role ?? 'anonymous',
        subject: user?.id ?? null,
      });
    });
    throw fail.badRequest(messages.wrongCredentials);
  }
  return db.transaction(async (tx) => {
    await recordAttempt(tx, {
      method: 'password',
      ip: context.ip,
      account: input.email,
      success: true,
    });
    return completeSignIn(tx, context, user, 'password', {
      guestOrderId: input.guestOrderId,
      guid: input.guid ?? null,
      ...(input.reported ? { reported: input.reported } : {}),
    });
  });
}
