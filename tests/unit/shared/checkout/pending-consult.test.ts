import { describe, expect, it } from 'vitest';
import { pendingConsultProductIds } from '../../../../shared/checkout/pending-consult';

describe('pendingConsultProductIds (spec §4)', () => {
  it.each([
    [
      'requires consult, nothing completed',
      { isConsultRequired: true, completedCheckoutStages: 0 },
      true,
    ],
    [
      'requires consult, consult completed',
      { isConsultRequired: true, completedCheckoutStages: 1 },
      false,
    ],
    [
      'requires consult, other stages completed',
      { isConsultRequired: true, completedCheckoutStages: 2 | 8 | 16 | 32 },
      true,
    ],
    [
      'requires consult, all completed',
      { isConsultRequired: true, completedCheckoutStages: 59 },
      false,
    ],
    ['requires consult, stages missing', { isConsultRequired: true }, true],
    [
      'requires consult, stages null',
      { isConsultRequired: true, completedCheckoutStages: null },
      true,
    ],
    ['no consult required', { isConsultRequired: false, completedCheckoutStages: 0 }, false],
    ['consult flag missing', { completedCheckoutStages: 0 }, false],
  ])('%s -> pending %s', (_name, fields, pending) => {
    expect(pendingConsultProductIds([{ productId: 7, ...fields }])).toEqual(pending ? [7] : []);
  });

  it('keeps the items’ order and lists each product once', () => {
    const items = [
      { productId: 'b', isConsultRequired: true, completedCheckoutStages: 0 },
      { productId: 'a', isConsultRequired: true, completedCheckoutStages: 1 },
      { productId: 'c', isConsultRequired: true, completedCheckoutStages: 2 },
      { productId: 'b', isConsultRequired: true, completedCheckoutStages: 0 },
      { productId: 'd', isConsultRequired: false, completedCheckoutStages: 0 },
    ];
    expect(pendingConsultProductIds(items)).toEqual(['b', 'c']);
  });

  it('is empty for an empty cart', () => {
    expect(pendingConsultProductIds([])).toEqual([]);
  });
});
