import { describe, expect, it } from 'vitest';
import { unshippableStateMessage } from '../../../../shared/checkout/unshippable-message';

describe('unshippableStateMessage', () => {
  it('names one product and the state', () => {
    expect(unshippableStateMessage(['Weight care program'], 'Alaska')).toBe(
      'Weight care program cannot be shipped to Alaska. Please choose an address in another state.',
    );
  });

  it('joins several products with commas and "and"', () => {
    expect(unshippableStateMessage(['A', 'B'], 'Hawaii')).toBe(
      'A and B cannot be shipped to Hawaii. Please choose an address in another state.',
    );
    expect(unshippableStateMessage(['A', 'B', 'C'], 'Hawaii')).toBe(
      'A, B and C cannot be shipped to Hawaii. Please choose an address in another state.',
    );
  });
});
