import { hash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/** A random opaque token of 256 bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Tokens and reset links are high-entropy, so a fast hash is enough at rest. Node's one-shot
 * `hash` (every signed-in request hashes its token): about 0.26 µs a call here against 0.9–1.1
 * for a `createHash` object per call.
 */
export function sha256(value: string): string {
  return hash('sha256', value, 'hex');
}

/** A 6-digit passcode from a cryptographic source. */
export function newPasscode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** A secret's SHA-256 digest as bytes, for comparing (no hex text made and read back). */
function digestOf(value: string): Buffer {
  return hash('sha256', value, 'buffer');
}

/** Compares two secrets in constant time (hashing first makes the lengths equal). */
export function safeEqual(a: string, b: string): boolean {
  return timingSafeEqual(digestOf(a), digestOf(b));
}

/** A checker for one fixed secret (the api key): its hash is computed once, not per request. */
export function secretChecker(secret: string): (candidate: string) => boolean {
  const expected = digestOf(secret);
  return (candidate) => timingSafeEqual(digestOf(candidate), expected);
}
