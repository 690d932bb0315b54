import { describe, expect, it } from 'vitest';
import { applyBasisPoints, divideRoundHalfUp } from '../../../../shared/cart/rounding';

describe('rounding half up to the cent', () => {
  it.each([
    [0, 10, 0],
    [4, 10, 0],
    [5, 10, 1],
    [6, 10, 1],
    [15, 10, 2],
    [25, 10, 3],
    [1, 3, 0],
    [2, 3, 1],
  ])('%i / %i -> %i', (numerator, denominator, result) => {
    expect(divideRoundHalfUp(numerator, denominator)).toBe(result);
  });

  it.each([
    [1000, 825, 83], // 82.5 -> 83
    [1000, 800, 80],
    [1001, 825, 83], // 82.5825 -> 83
    [999, 825, 82], // 82.4175 -> 82
    [200, 25, 1], // 0.5 -> 1
    [199, 25, 0], // 0.4975 -> 0
    [1, 5000, 1], // 0.5 -> 1
    [1, 4999, 0],
    [12345, 10000, 12345],
    [0, 825, 0],
  ])('%i cents at %i basis points -> %i', (amount, basisPoints, result) => {
    expect(applyBasisPoints(amount, basisPoints)).toBe(result);
  });

  it('stays exact where amount * rate passes 2^53', () => {
    expect(applyBasisPoints(900_719_925_474_099, 10_000)).toBe(900_719_925_474_099);
  });

  it('rejects negative, fractional and zero-denominator inputs', () => {
    expect(() => divideRoundHalfUp(-1, 2)).toThrow(RangeError);
    expect(() => divideRoundHalfUp(1.5, 2)).toThrow(RangeError);
    expect(() => divideRoundHalfUp(1, 0)).toThrow(RangeError);
    expect(() => applyBasisPoints(100, -1)).toThrow(RangeError);
    expect(() => applyBasisPoints(100, 1.5)).toThrow(RangeError);
  });
});
