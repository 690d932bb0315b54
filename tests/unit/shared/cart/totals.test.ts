import { describe, expect, it } from 'vitest';
import { type CartLine, cartTotals, subtotalCents } from '../../../../shared/cart/totals';

const line = (overrides: Partial<CartLine> = {}): CartLine => ({
  productId: 1,
  unitPriceCents: 1000,
  qty: 1,
  consultFeeCents: 0,
  isConsultAttached: false,
  ...overrides,
});

describe('cartTotals', () => {
  it('adds up an empty cart to zero', () => {
    expect(cartTotals({ items: [] })).toEqual({
      subtotalCents: 0,
      consultFeeCents: 0,
      discountCents: 0,
      salesTaxCents: 0,
      shippingCents: 0,
      totalCents: 0,
    });
  });

  it('multiplies unit price by quantity, defaulting qty to defaultQuantity, else 1', () => {
    const items = [
      line({ unitPriceCents: 1999, qty: 2 }),
      line({ unitPriceCents: 500, qty: undefined, defaultQuantity: 3 }),
      line({ unitPriceCents: 250, qty: undefined }),
    ];
    expect(subtotalCents(items)).toBe(1999 * 2 + 500 * 3 + 250);
  });

  it('counts the highest attached consult fee once (2500 and 3500 attached, 9900 not -> 3500)', () => {
    const totals = cartTotals({
      items: [
        line({
          productId: 1,
          unitPriceCents: 1000,
          consultFeeCents: 2500,
          isConsultAttached: true,
        }),
        line({
          productId: 2,
          unitPriceCents: 2000,
          consultFeeCents: 3500,
          isConsultAttached: true,
        }),
        line({
          productId: 3,
          unitPriceCents: 3000,
          consultFeeCents: 9900,
          isConsultAttached: false,
        }),
      ],
    });
    expect(totals.consultFeeCents).toBe(3500);
    expect(totals.totalCents).toBe(6000 + 3500);
  });

  it('puts it all together: subtotal + consult - discount + tax + shipping', () => {
    const totals = cartTotals({
      items: [
        line({ unitPriceCents: 4999, qty: 2, consultFeeCents: 3000, isConsultAttached: true }),
      ],
      // 10 % of the subtotal 9998 -> 999.8 -> 1000 (evaluatePromo)
      discountCents: 1000,
      salesTax: { kind: 'rate', basisPoints: 825 },
      shippingCents: 595,
    });
    // taxable 8998 * 8.25 % = 742.335 -> 742
    expect(totals).toEqual({
      subtotalCents: 9998,
      consultFeeCents: 3000,
      discountCents: 1000,
      salesTaxCents: 742,
      shippingCents: 595,
      totalCents: 9998 + 3000 - 1000 + 742 + 595,
    });
  });

  it('applies the tax to the discounted subtotal, rounded half up', () => {
    // (1100 - 100) * 8.25 % = 82.5 -> 83
    const totals = cartTotals({
      items: [line({ unitPriceCents: 1100 })],
      discountCents: 100,
      salesTax: { kind: 'rate', basisPoints: 825 },
    });
    expect(totals.salesTaxCents).toBe(83);
    expect(totals.totalCents).toBe(1083);
  });

  it('takes a fixed sales tax amount as is', () => {
    const totals = cartTotals({
      items: [line()],
      salesTax: { kind: 'fixed', cents: 77 },
    });
    expect(totals.salesTaxCents).toBe(77);
    expect(totals.totalCents).toBe(1077);
  });

  it('takes a discount in cents', () => {
    expect(cartTotals({ items: [line()], discountCents: 250 }).discountCents).toBe(250);
  });

  it('caps the discount at subtotal + consult fee, so the total never goes negative', () => {
    const totals = cartTotals({
      items: [line({ unitPriceCents: 1000, consultFeeCents: 500, isConsultAttached: true })],
      discountCents: 5000,
      salesTax: { kind: 'rate', basisPoints: 825 },
      shippingCents: 300,
    });
    expect(totals.discountCents).toBe(1500);
    expect(totals.salesTaxCents).toBe(0);
    expect(totals.totalCents).toBe(300);
  });

  it('lets a discount larger than the subtotal eat into the consult fee, with no tax', () => {
    const totals = cartTotals({
      items: [line({ unitPriceCents: 1000, consultFeeCents: 3000, isConsultAttached: true })],
      discountCents: 1500,
      salesTax: { kind: 'rate', basisPoints: 1000 },
    });
    expect(totals.discountCents).toBe(1500);
    expect(totals.salesTaxCents).toBe(0);
    expect(totals.totalCents).toBe(2500);
  });

  it.each([
    ['a negative price', { items: [line({ unitPriceCents: -1 })] }, /items\[0\]\.unitPriceCents/],
    ['a fractional price', { items: [line({ unitPriceCents: 9.99 })] }, /unitPriceCents/],
    ['a negative quantity', { items: [line({ qty: -2 })] }, /qty/],
    ['a fractional quantity', { items: [line({ qty: 1.5 })] }, /qty/],
    ['a negative consult fee', { items: [line({ consultFeeCents: -100 })] }, /consultFeeCents/],
    ['a negative discount', { items: [line()], discountCents: -1 }, /discountCents/],
    ['a negative shipping', { items: [line()], shippingCents: -1 }, /shippingCents/],
    ['fractional shipping', { items: [line()], shippingCents: 0.5 }, /shippingCents/],
    [
      'an overflowing subtotal',
      { items: [line({ unitPriceCents: Number.MAX_SAFE_INTEGER, qty: 2 })] },
      /too large/,
    ],
  ])('throws a clear RangeError for %s', (_name, input, message) => {
    expect(() => cartTotals(input)).toThrow(RangeError);
    expect(() => cartTotals(input)).toThrow(message);
  });
});
