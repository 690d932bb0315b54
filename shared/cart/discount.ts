import { assertNonNegativeInteger } from './cents';

/**
 * A discount never exceeds what it can discount (subtotal plus consult fee), so the
 * total can never go negative. What a promo code gives is `evaluatePromo`'s (./promo).
 */
export function capDiscount(discountCents: number, capCents: number): number {
  return Math.min(
    assertNonNegativeInteger(discountCents, 'discountCents'),
    assertNonNegativeInteger(capCents, 'capCents'),
  );
}
