import { describe, expect, it } from 'vitest';
import { salesTaxCents } from '../../../../shared/cart/sales-tax';

describe('sales tax', () => {
  it.each([
    [825, 1000, 83], // 82.5 -> 83
    [825, 999, 82], // 82.4175
    [700, 1050, 74], // 73.5 -> 74
    [700, 1049, 73], // 73.43
    [625, 8, 1], // 0.5 -> 1
    [625, 7, 0], // 0.4375
    [0, 1000, 0],
    [825, 0, 0],
  ])('%i basis points on %i cents -> %i (half up)', (basisPoints, taxable, tax) => {
    expect(salesTaxCents({ kind: 'rate', basisPoints }, taxable)).toBe(tax);
  });

  it('takes a fixed amount as is', () => {
    expect(salesTaxCents({ kind: 'fixed', cents: 412 }, 1000)).toBe(412);
  });

  it('is zero without a tax', () => {
    expect(salesTaxCents(undefined, 1000)).toBe(0);
  });

  it('rejects fractional rates and negative amounts', () => {
    expect(() => salesTaxCents({ kind: 'rate', basisPoints: 8.25 }, 1000)).toThrow(RangeError);
    expect(() => salesTaxCents({ kind: 'fixed', cents: -1 }, 1000)).toThrow(RangeError);
    expect(() => salesTaxCents({ kind: 'rate', basisPoints: 825 }, -1)).toThrow(RangeError);
  });
});
