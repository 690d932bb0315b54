import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { SalesTax } from '../../../../shared/cart/sales-tax';
import { type CartLine, type CartTotalsInput, cartTotals } from '../../../../shared/cart/totals';

const cents = (max: number) => fc.integer({ min: 0, max });

const lineArb: fc.Arbitrary<CartLine> = fc.record({
  productId: fc.integer({ min: 1, max: 10_000 }),
  unitPriceCents: cents(100_000),
  qty: fc.option(fc.integer({ min: 0, max: 12 }), { nil: undefined }),
  defaultQuantity: fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined }),
  consultFeeCents: cents(20_000),
  isConsultAttached: fc.boolean(),
});

const taxArb: fc.Arbitrary<SalesTax> = fc.oneof(
  fc.record({
    kind: fc.constant('rate' as const),
    basisPoints: fc.integer({ min: 0, max: 2_000 }),
  }),
  fc.record({ kind: fc.constant('fixed' as const), cents: cents(50_000) }),
);

const inputArb: fc.Arbitrary<CartTotalsInput> = fc.record({
  items: fc.array(lineArb, { maxLength: 8 }),
  discountCents: fc.option(cents(2_000_000), { nil: undefined }),
  salesTax: fc.option(taxArb, { nil: undefined }),
  shippingCents: fc.option(cents(10_000), { nil: undefined }),
});

describe('cartTotals properties', () => {
  it('never yields a negative amount, and every amount is whole cents', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        for (const amount of Object.values(cartTotals(input))) {
          expect(Number.isSafeInteger(amount)).toBe(true);
          expect(amount).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });

  it('total = subtotal + consult fee - discount + tax + shipping', () => {
    fc.assert(
      fc.property(inputArb, (input) => {
        const t = cartTotals(input);
        expect(t.totalCents).toBe(
          t.subtotalCents + t.consultFeeCents - t.discountCents + t.salesTaxCents + t.shippingCents,
        );
        expect(t.discountCents).toBeLessThanOrEqual(t.subtotalCents + t.consultFeeCents);
      }),
    );
  });

  it('does not depend on the order of the items', () => {
    fc.assert(
      fc.property(
        inputArb.chain((input) =>
          fc.tuple(
            fc.constant(input),
            fc.shuffledSubarray([...input.items], { minLength: input.items.length }),
          ),
        ),
        ([input, shuffled]) => {
          expect(cartTotals({ ...input, items: shuffled })).toEqual(cartTotals(input));
        },
      ),
    );
  });

  it('counts the consult fee once: another attached item with a fee no higher changes nothing', () => {
    fc.assert(
      fc.property(inputArb, lineArb, fc.nat(), (input, extra, seed) => {
        const before = cartTotals(input).consultFeeCents;
        const added: CartLine = {
          ...extra,
          isConsultAttached: true,
          consultFeeCents: before === 0 ? 0 : seed % (before + 1),
        };
        expect(cartTotals({ ...input, items: [...input.items, added] }).consultFeeCents).toBe(
          before,
        );
      }),
    );
  });

  it('makes the consult fee the highest attached fee, never a sum', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 8 }), (items) => {
        const attached = items.filter((item) => item.isConsultAttached === true);
        const highest = Math.max(0, ...attached.map((item) => item.consultFeeCents ?? 0));
        expect(cartTotals({ items }).consultFeeCents).toBe(highest);
      }),
    );
  });
});
