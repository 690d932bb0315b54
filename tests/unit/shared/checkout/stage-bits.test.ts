import { describe, expect, it } from 'vitest';
import {
  allStageBits,
  bitsFromStages,
  hasStageBit,
  StageBit,
  stageBit,
  stagesFromBits,
  toStageBits,
} from '../../../../shared/checkout/stage-bits';

describe('stage bit flags (spec §4)', () => {
  it.each([
    ['None', 0],
    ['Consult', 1],
    ['Shipping', 2],
    ['Pharmacy', 8],
    ['Scheduling', 16],
    ['Payment', 32],
  ] as const)('%s is %i', (name, bit) => {
    expect(StageBit[name]).toBe(bit);
  });

  it('has no bit for Register', () => {
    expect(stageBit('Register')).toBeUndefined();
    expect(Object.keys(StageBit)).not.toContain('Register');
  });

  it('maps every other stage to its bit', () => {
    expect(stageBit('Consult')).toBe(1);
    expect(stageBit('Shipping')).toBe(2);
    expect(stageBit('Pharmacy')).toBe(8);
    expect(stageBit('Scheduling')).toBe(16);
    expect(stageBit('Payment')).toBe(32);
  });

  it('all bits together are 1|2|8|16|32 = 59', () => {
    expect(allStageBits).toBe(1 | 2 | 8 | 16 | 32);
    expect(allStageBits).toBe(59);
  });

  it.each([
    [0, []],
    [1, ['Consult']],
    [2, ['Shipping']],
    [8, ['Pharmacy']],
    [16, ['Scheduling']],
    [32, ['Payment']],
    [1 | 32, ['Consult', 'Payment']],
    [32 | 8 | 2, ['Shipping', 'Pharmacy', 'Payment']],
    [59, ['Consult', 'Shipping', 'Pharmacy', 'Scheduling', 'Payment']],
    // 4 and bits above 32 mean nothing in the spec and are ignored.
    [4, []],
    [4 | 64 | 1, ['Consult']],
  ])('stagesFromBits(%i) is %j', (mask, stages) => {
    expect(stagesFromBits(mask)).toEqual(stages);
  });

  it('builds a mask from stages, Register contributing nothing', () => {
    expect(bitsFromStages(['Consult', 'Register', 'Payment'])).toBe(33);
    expect(bitsFromStages([])).toBe(0);
    expect(bitsFromStages(['Register'])).toBe(0);
  });

  it.each([
    [undefined, 0],
    [null, 0],
    ['59', 0],
    [Number.NaN, 0],
    [-1, 0],
    [1.5, 0],
    [59, 59],
    [127, 59],
  ])('reads a junk or oversized mask %j as %i', (mask, bits) => {
    expect(toStageBits(mask)).toBe(bits);
  });

  it('tests a single bit', () => {
    expect(hasStageBit(1 | 16, StageBit.Consult)).toBe(true);
    expect(hasStageBit(2 | 16, StageBit.Consult)).toBe(false);
    expect(hasStageBit(null, StageBit.Consult)).toBe(false);
    expect(hasStageBit(59, StageBit.None)).toBe(false);
  });
});
