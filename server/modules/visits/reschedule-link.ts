import { createHmac } from 'node:crypto';
import { safeEqual } from '../../lib/secrets';
import { isUuid } from '../orders/order-queries';

/** How long an emailed reschedule link works. */
export const RESCHEDULE_LINK_DAYS = 7;

/** Between the token's parts: URL-safe, and not a dot (a path ending in `.x` reads as a file). */
const separator = '~';

function signature(secret: string, body: string): string {
  return createHmac('sha256', secret).update(`reschedule:${body}`).digest('base64url');
}

/**
 * A reschedule link's token: the order, an expiry, and an HMAC of both under the servers'
 * secret (SERVER_SECRET), so it needs no row and cannot be made up or stretched. It lets its
 * holder move that one visit only, while the visit can still move.
 */
export function rescheduleToken(secret: string, orderId: string, now: Date = new Date()): string {
  const expires = Math.floor(now.getTime() / 1000) + RESCHEDULE_LINK_DAYS * 24 * 60 * 60;
  const body = `${orderId}${separator}${expires}`;
  return `${body}${separator}${signature(secret, body)}`;
}

/** The order a token names, or null when it is malformed, forged or expired. */
export function orderOfRescheduleToken(
  secret: string,
  token: string,
  now: Date = new Date(),
): string | null {
  const parts = token.split(separator);
  if (parts.length !== 3) return null;
  const [orderId = '', expires = '', sig = ''] = parts;
  if (!isUuid(orderId) || !/^\d{1,12}$/.test(expires)) return null;
  if (!safeEqual(sig, signature(secret, `${orderId}${separator}${expires}`))) return null;
  return Number(expires) * 1000 > now.getTime() ? orderId : null;
}
