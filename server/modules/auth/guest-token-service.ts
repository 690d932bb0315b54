import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { AppDeps } from '../../deps';
import { safeEqual } from '../../lib/secrets';
import { writeAudit } from '../audit/audit-service';
import type { RequestContext } from './request-context';
import { assertIpNotThrottled, recordAttempt } from './throttle';
import { issueToken } from './token-service';

/** AccessTokenAdmin: the web app's fixed client credentials buy a token for guest-order calls. */
export async function issueGuestToken(
  { database, config }: AppDeps,
  context: RequestContext,
  input: { clientId: string; clientSecret: string },
) {
  const { db } = database;
  await assertIpNotThrottled(db, config.ipLimits, 'guest', context.ip);
  const valid =
    safeEqual(input.clientId, config.guestClientId) &&
    safeEqual(input.clientSecret, config.guestClientSecret);
  if (!valid) {
    await recordAttempt(db, { method: 'guest', ip: context.ip, account: null, success: false });
    await writeAudit(db, context, { action: 'auth.guest-token', outcome: 'failure' });
    throw fail.unauthorized(messages.clientCredentialsInvalid);
  }
  // Every token counts, not only failures: each one can hold visit slots.
  await assertIpNotThrottled(db, config.ipLimits, 'guest-issued', context.ip);
  const issued = await issueToken(db, { kind: 'guest', userId: null, role: null, ip: context.ip });
  await recordAttempt(db, { method: 'guest-issued', ip: context.ip, account: null, success: true });
  return {
    access_token: issued.token,
    token_type: 'bearer' as const,
    expires_in: issued.expiresInSeconds,
  };
}
