import { describe, expect, it } from 'vitest';
import { confirmsDoctor, isVisitType, visitTypes } from '../../../../shared/checkout/visit-type';

describe('visit types (spec §4)', () => {
  it('are 1, 2 and 3; only 3 confirms a doctor', () => {
    expect([...visitTypes]).toEqual([1, 2, 3]);
    expect(visitTypes.map(confirmsDoctor)).toEqual([false, false, true]);
  });

  it.each([
    [1, true],
    [3, true],
    [0, false],
    [4, false],
    ['3', false],
    [null, false],
  ])('isVisitType(%j) is %s', (value, expected) => {
    expect(isVisitType(value)).toBe(expected);
  });
});
