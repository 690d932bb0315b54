import { assertNonNegativeInteger } from './cents';
import { applyBasisPoints } from './rounding';

/**
 * Sales tax: a rate in basis points (825 = 8.25 %) of the taxable amount, or a fixed
 * amount the tax service already computed (the order's `salesTaxAmount`).
 */
export type SalesTax =
  | { readonly kind: 'rate'; readonly basisPoints: number }
  | { readonly kind: 'fixed'; readonly cents: number };

/** The tax on a taxable amount, rounded half up to the cent (8.25 % of 1000 -> 83). */
export function salesTaxCents(tax: SalesTax | undefined, taxableCents: number): number {
  assertNonNegativeInteger(taxableCents, 'taxableCents');
  if (tax === undefined) return 0;
  switch (tax.kind) {
    case 'rate':
      return applyBasisPoints(
        taxableCents,
        assertNonNegativeInteger(tax.basisPoints, 'basisPoints'),
      );
    case 'fixed':
      return assertNonNegativeInteger(tax.cents, 'salesTax.cents');
    default: {
      const unknown: never = tax;
      throw new RangeError(`Unknown sales tax kind: ${JSON.stringify(unknown)}`);
    }
  }
}
