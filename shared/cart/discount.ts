import { assertNonNegativeInteger } from './cents';
import { applyBasisPoints } from './rounding';

/** A promo: a percentage of the subtotal, or a fixed amount of cents. */
export type Promo =
  | { readonly kind: 'percent'; readonly percent: number }
  | { readonly kind: 'fixed'; readonly cents: number };

/**
 * A percentage as basis points (12.5 % -> 1250). Percentages must lie in 0..100 and have at
 * most two decimals, so the discount stays exact in integer arithmetic.
 */
export function percentToBasisPoints(percent: number): number {
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) {
    throw new RangeError(`percent must be between 0 and 100, got ${percent}`);
  }
  const basisPoints = Math.round(percent * 100);
  if (Math.abs(basisPoints - percent * 100) > 1e-6) {
    throw new RangeError(`percent may have at most two decimals, got ${percent}`);
  }
  return basisPoints;
}

/**
 * The discount a promo gives on a subtotal. A percentage applies to the product subtotal
 * (not the consult fee) and is rounded half up to the cent, e.g. 10 % of 1005 -> 101.
 */
export function promoDiscountCents(promo: Promo, subtotalCents: number): number {
  assertNonNegativeInteger(subtotalCents, 'subtotalCents');
  switch (promo.kind) {
    case 'percent':
      return applyBasisPoints(subtotalCents, percentToBasisPoints(promo.percent));
    case 'fixed':
      return assertNonNegativeInteger(promo.cents, 'promo.cents');
    default: {
      const unknown: never = promo;
      throw new RangeError(`Unknown promo kind: ${JSON.stringify(unknown)}`);
    }
  }
}

/**
 * A discount never exceeds what it can discount (subtotal plus consult fee), so the
 * total can never go negative.
 */
export function capDiscount(discountCents: number, capCents: number): number {
  return Math.min(
    assertNonNegativeInteger(discountCents, 'discountCents'),
    assertNonNegativeInteger(capCents, 'capCents'),
  );
}
