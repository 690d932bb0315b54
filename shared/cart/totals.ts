import { assertNonNegativeInteger, assertSafeTotal } from './cents';
import { type ConsultFeeFields, consultFeeCents } from './consult-fee';
import { capDiscount } from './discount';
import { defaultQty, type QuantityFields } from './quantity';
import { type SalesTax, salesTaxCents } from './sales-tax';

export interface CartLine extends QuantityFields, ConsultFeeFields {
  readonly productId: string | number;
  readonly unitPriceCents: number;
}

export interface CartTotalsInput {
  readonly items: readonly CartLine[];
  /** The promo code's discount in cents (`evaluatePromo` of ./promo), or the order's. */
  readonly discountCents?: number | undefined;
  readonly salesTax?: SalesTax | undefined;
  readonly shippingCents?: number | undefined;
}

export interface CartTotals {
  readonly subtotalCents: number;
  readonly consultFeeCents: number;
  readonly discountCents: number;
  readonly salesTaxCents: number;
  readonly shippingCents: number;
  readonly totalCents: number;
}

/** Unit price times quantity, summed over the items. */
export function subtotalCents(items: readonly CartLine[]): number {
  let subtotal = 0;
  items.forEach((item, index) => {
    const unitPrice = assertNonNegativeInteger(
      item.unitPriceCents,
      `items[${index}].unitPriceCents`,
    );
    subtotal += unitPrice * defaultQty(item);
    assertSafeTotal(subtotal, 'subtotalCents');
  });
  return subtotal;
}

/**
 * The cart totals, in integer cents (the server recomputes them the same way):
 * total = subtotal + consult fee - discount + sales tax + shipping.
 *
 * - The consult fee is the highest fee among items with a consult attached, once (spec §9).
 * - The discount is capped at subtotal + consult fee, so the total is never negative.
 * - Sales tax applies to the discounted product subtotal, max(0, subtotal - discount).
 * - Any negative or fractional amount throws a RangeError.
 */
export function cartTotals(input: CartTotalsInput): CartTotals {
  const subtotal = subtotalCents(input.items);
  const consultFee = consultFeeCents(input.items);
  const requestedDiscount = assertNonNegativeInteger(input.discountCents ?? 0, 'discountCents');
  const discount = capDiscount(requestedDiscount, assertSafeTotal(subtotal + consultFee, 'cap'));
  const salesTax = salesTaxCents(input.salesTax, Math.max(0, subtotal - discount));
  const shipping = assertNonNegativeInteger(input.shippingCents ?? 0, 'shippingCents');
  const total = assertSafeTotal(
    subtotal + consultFee - discount + salesTax + shipping,
    'totalCents',
  );
  return {
    subtotalCents: subtotal,
    consultFeeCents: consultFee,
    discountCents: discount,
    salesTaxCents: salesTax,
    shippingCents: shipping,
    totalCents: total,
  };
}
