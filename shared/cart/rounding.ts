import { assertNonNegativeInteger } from './cents';

/**
 * `numerator / denominator` rounded half up (0.5 goes up), exactly: BigInt keeps
 * `amount * rate` products precise beyond 2^53. Both arguments are non-negative integers.
 */
export function divideRoundHalfUp(numerator: number, denominator: number): number {
  assertNonNegativeInteger(numerator, 'numerator');
  assertNonNegativeInteger(denominator, 'denominator');
  if (denominator === 0) throw new RangeError('denominator must not be zero');
  const n = BigInt(numerator);
  const d = BigInt(denominator);
  return Number((2n * n + d) / (2n * d));
}

/** `amount * basisPoints / 10000`, rounded half up to the cent. */
export function applyBasisPoints(amountCents: number, basisPoints: number): number {
  assertNonNegativeInteger(amountCents, 'amountCents');
  assertNonNegativeInteger(basisPoints, 'basisPoints');
  const n = BigInt(amountCents) * BigInt(basisPoints);
  return Number((2n * n + 10_000n) / 20_000n);
}
