import { describe, expect, it } from 'vitest';
import { formatMoney, formatUsd, toCents } from '../../../../shared/cart/money';

describe('toCents', () => {
  it.each([
    ['19.99', 1999],
    ['12.34', 1234],
    ['12', 1200],
    ['12.3', 1230],
    ['12.30', 1230],
    ['12.3400', 1234],
    ['.5', 50],
    ['5.', 500],
    ['0', 0],
    ['0.00', 0],
    ['0.01', 1],
    [' 7.25 ', 725],
    ['1234567.89', 123456789],
  ] as const)('parses the text %j as %i cents', (price, cents) => {
    expect(toCents(price)).toBe(cents);
  });

  it.each([
    [19.99, 1999],
    [12.34, 1234],
    [0.07, 7],
    [1.1, 110],
    [4.35, 435],
    [0, 0],
    [100, 10000],
  ])('reads the number %s as %i cents without float error', (price, cents) => {
    expect(toCents(price)).toBe(cents);
  });

  it('reads 0.1 + 0.2 (0.30000000000000004) as 30 cents', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(toCents(0.1 + 0.2)).toBe(30);
  });

  it.each([
    ['-1.00'],
    [-1],
    [-0.01],
    ['1.005'],
    [1.005],
    [0.001],
    [1e-7],
    [''],
    ['.'],
    ['abc'],
    ['12,34'],
    ['$12.34'],
    ['1e3'],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
    [1e21],
    ['999999999999999999'],
  ])('rejects %j with a RangeError', (price) => {
    expect(() => toCents(price)).toThrow(RangeError);
  });

  it('rejects values that are neither numbers nor strings', () => {
    expect(() => toCents(null as unknown as number)).toThrow(RangeError);
  });
});

describe('formatMoney and formatUsd (two decimals, spec §9)', () => {
  it.each([
    [0, '0.00', '$0.00'],
    [5, '0.05', '$0.05'],
    [50, '0.50', '$0.50'],
    [99, '0.99', '$0.99'],
    [100, '1.00', '$1.00'],
    [1999, '19.99', '$19.99'],
    [123456, '1234.56', '$1234.56'],
    [-5, '-0.05', '-$0.05'],
    [-150, '-1.50', '-$1.50'],
  ])('%i cents -> %s / %s', (cents, money, usd) => {
    expect(formatMoney(cents)).toBe(money);
    expect(formatUsd(cents)).toBe(usd);
  });

  it.each([[1.5], [Number.NaN], [Number.POSITIVE_INFINITY], [2 ** 53]])(
    'rejects the non-integer %s',
    (cents) => {
      expect(() => formatMoney(cents)).toThrow(RangeError);
      expect(() => formatUsd(cents)).toThrow(RangeError);
    },
  );

  it('round-trips with toCents', () => {
    for (const cents of [0, 1, 10, 99, 100, 1999, 123456, 987654321]) {
      expect(toCents(formatMoney(cents))).toBe(cents);
    }
  });
});
