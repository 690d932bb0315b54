import { describe, expect, it } from 'vitest';
import { defaultQty } from '../../../../shared/cart/quantity';

describe('defaultQty (spec §3: qty defaults to defaultQuantity, else 1)', () => {
  it.each([
    [{ qty: 3, defaultQuantity: 2 }, 3],
    [{ qty: 0, defaultQuantity: 2 }, 0],
    [{ defaultQuantity: 2 }, 2],
    [{ qty: null, defaultQuantity: 6 }, 6],
    [{ qty: undefined, defaultQuantity: undefined }, 1],
    [{ qty: null, defaultQuantity: null }, 1],
    [{}, 1],
  ])('%j -> %i', (item, qty) => {
    expect(defaultQty(item)).toBe(qty);
  });

  it.each([[{ qty: -1 }], [{ qty: 1.5 }], [{ defaultQuantity: -2 }], [{ qty: Number.NaN }]])(
    'rejects %j',
    (item) => {
      expect(() => defaultQty(item)).toThrow(RangeError);
      expect(() => defaultQty(item)).toThrow(/whole number/);
    },
  );
});
