import { describe, expect, it } from 'vitest';
import { capDiscount } from '../../../../shared/cart/discount';
import { evaluatePromo, type PromoTerms } from '../../../../shared/cart/promo';

const now = new Date('2026-06-01T12:00:00Z');
const terms = (overrides: Partial<PromoTerms> = {}): PromoTerms => ({
  kind: 'percent',
  value: 1000,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  uses: 0,
  minOrderCents: 0,
  productIds: null,
  ...overrides,
});
const line = (productId: number, lineCents: number) => ({ productId, lineCents });

describe('evaluatePromo: the one promo rule', () => {
  it.each([
    // basis points, subtotal, discount (half up to the cent)
    [1000, 1000, 100],
    [1000, 1005, 101], // 100.5 -> 101
    [1000, 1004, 100], // 100.4 -> 100
    [1500, 333, 50], // 49.95 -> 50
    [5000, 1, 1], // 0.5 -> 1
    [3300, 999, 330], // 329.67 -> 330
    [1250, 999, 125], // 124.875 -> 125
    [10_000, 999, 999],
  ])('%i basis points of %i cents give %i', (value, subtotal, discount) => {
    expect(evaluatePromo(terms({ value }), [line(1, subtotal)], now)).toEqual({
      valid: true,
      discountCents: discount,
    });
  });

  it('gives a fixed amount, never more than the eligible subtotal', () => {
    expect(evaluatePromo(terms({ kind: 'fixed', value: 500 }), [line(1, 2000)], now)).toEqual({
      valid: true,
      discountCents: 500,
    });
    expect(evaluatePromo(terms({ kind: 'fixed', value: 500 }), [line(1, 300)], now)).toEqual({
      valid: true,
      discountCents: 300,
    });
  });

  it('discounts only the products a code names, with the minimum on the whole order', () => {
    const lines = [line(1, 1000), line(2, 3000)];
    expect(evaluatePromo(terms({ productIds: [2], minOrderCents: 4000 }), lines, now)).toEqual({
      valid: true,
      discountCents: 300,
    });
    expect(evaluatePromo(terms({ productIds: [3] }), lines, now)).toEqual({
      valid: false,
      reason: 'no-eligible-product',
    });
  });

  it.each([
    ['not-started', { startsAt: new Date('2026-06-02T00:00:00Z') }],
    ['ended', { endsAt: now }],
    ['used-up', { maxUses: 3, uses: 3 }],
    ['minimum', { minOrderCents: 1001 }],
  ] as const)('refuses a code that is %s', (reason, overrides) => {
    expect(evaluatePromo(terms(overrides), [line(1, 1000)], now)).toEqual({
      valid: false,
      reason,
    });
  });

  it('takes a code from its first instant to just before its end, within its uses', () => {
    const window = { startsAt: now, endsAt: new Date(now.getTime() + 1), maxUses: 3, uses: 2 };
    expect(evaluatePromo(terms(window), [line(1, 1000)], now).valid).toBe(true);
  });
});

describe('capDiscount', () => {
  it('caps a discount at what it can discount', () => {
    expect(capDiscount(500, 300)).toBe(300);
    expect(capDiscount(200, 300)).toBe(200);
  });
});
