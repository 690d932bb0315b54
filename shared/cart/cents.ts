/**
 * Guards for integer money. Every amount inside the app is a whole number of cents;
 * a fraction of a cent or a negative amount is a bug upstream, so it fails loudly.
 */

function printable(value: unknown): string {
  return typeof value === 'number' ? String(value) : `${typeof value} ${JSON.stringify(value)}`;
}

/** Throws a RangeError unless `value` is a non-negative safe integer; returns it typed. */
export function assertNonNegativeInteger(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw new RangeError(`${name} must be a non-negative whole number, got ${printable(value)}`);
  }
  return value;
}

/** Throws a RangeError unless `value` is a safe integer (sign allowed). */
export function assertInteger(value: unknown, name: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
    throw new RangeError(`${name} must be a whole number, got ${printable(value)}`);
  }
  return value;
}

/** Throws a RangeError when a computed amount leaves the range integers are exact in. */
export function assertSafeTotal(value: number, name: string): number {
  if (!Number.isSafeInteger(value)) {
    throw new RangeError(`${name} is too large to be computed exactly (${value})`);
  }
  return value;
}
