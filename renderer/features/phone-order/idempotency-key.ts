/**
 * A fresh Idempotency-Key (8 to 255 characters): one per order attempt, so that a double
 * click or a retry of the same attempt is answered with the first result.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
