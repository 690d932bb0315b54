import { describe, expect, it } from 'vitest';
import {
  capDiscount,
  percentToBasisPoints,
  promoDiscountCents,
} from '../../../../shared/cart/discount';

describe('promo discounts', () => {
  it.each([
    [10, 1000, 100],
    [10, 1005, 101], // 100.5 -> 101 (half up)
    [10, 1004, 100], // 100.4 -> 100
    [15, 333, 50], // 49.95 -> 50
    [50, 1, 1], // 0.5 -> 1
    [33, 999, 330], // 329.67 -> 330
    [12.5, 999, 125], // 124.875 -> 125
    [0, 999, 0],
    [100, 999, 999],
  ])('%s %% of %i cents -> %i', (percent, subtotal, discount) => {
    expect(promoDiscountCents({ kind: 'percent', percent }, subtotal)).toBe(discount);
  });

  it('takes a fixed promo as is (the cap is applied by the totals)', () => {
    expect(promoDiscountCents({ kind: 'fixed', cents: 500 }, 100)).toBe(500);
  });

  it.each([[-1], [101], [Number.NaN], [12.345]])('rejects the percentage %s', (percent) => {
    expect(() => promoDiscountCents({ kind: 'percent', percent }, 1000)).toThrow(RangeError);
  });

  it('rejects a negative or fractional fixed promo', () => {
    expect(() => promoDiscountCents({ kind: 'fixed', cents: -5 }, 1000)).toThrow(RangeError);
    expect(() => promoDiscountCents({ kind: 'fixed', cents: 0.5 }, 1000)).toThrow(RangeError);
  });

  it('converts percentages to basis points exactly', () => {
    expect(percentToBasisPoints(12.5)).toBe(1250);
    expect(percentToBasisPoints(8.25)).toBe(825);
    expect(percentToBasisPoints(0.07)).toBe(7);
  });

  it('caps a discount', () => {
    expect(capDiscount(500, 300)).toBe(300);
    expect(capDiscount(200, 300)).toBe(200);
  });
});
