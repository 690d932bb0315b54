import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cardNumberLikeRuns } from '../../api/helpers/card-number-scan';

// The scan the payment tests run over everything stored: it must find a card number however
// it sits in the text, and never a digest's digits (which made those tests fail now and then).
describe('cardNumberLikeRuns', () => {
  it.each([
    ['alone', '4242424242424242'],
    ['in JSON', '{"number":"4242424242424242","cvc":"123"}'],
    ['as a JSON number', '{"pan":4242424242424242}'],
    ['after an equals sign', 'pan=4242424242424242&exp=1228'],
    ['inside a longer run of digits', '004242424242424242'],
  ])('finds a card number %s', (_where, text) => {
    expect(cardNumberLikeRuns(text)).toContain('4242424242424242');
  });

  it('finds nothing in text without one', () => {
    expect(cardNumberLikeRuns('order SF-100234, total 4599 cents, ending in 4242')).toEqual([]);
  });

  it('finds nothing in hex digests, whose digit runs are Luhn-valid now and then', () => {
    // A digest with a Luhn-valid run of 13 digits, as the failing scan met one.
    const withRun = 'ab26819331157936cd'.padEnd(64, 'e');
    expect(cardNumberLikeRuns(withRun.replace(/[a-f]/g, ''))).not.toEqual([]);
    expect(cardNumberLikeRuns(withRun)).toEqual([]);
    for (let i = 0; i < 2000; i += 1) {
      const digest = createHash('sha256').update(`digest ${i}`).digest('hex');
      expect(cardNumberLikeRuns(`{"fingerprint":"${digest}"}`)).toEqual([]);
    }
  });
});
