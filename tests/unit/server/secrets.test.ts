import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeEqual, secretChecker, sha256 } from '../../../server/lib/secrets';

describe('sha256', () => {
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
  ])('hashes %j as the standard says', (value, digest) => {
    expect(sha256(value)).toBe(digest);
  });

  it('answers what a hash object answers for any string, Unicode included', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), (value) => {
        expect(sha256(value)).toBe(createHash('sha256').update(value).digest('hex'));
      }),
    );
  });
});

describe('comparing secrets', () => {
  it('finds a secret equal to itself', () => {
    fc.assert(
      fc.property(fc.string(), (a) => {
        expect(safeEqual(a, a)).toBe(true);
        expect(secretChecker(a)(a)).toBe(true);
      }),
    );
  });

  it('tells equal secrets from different ones, of any lengths', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(safeEqual(a, b)).toBe(a === b);
        expect(secretChecker(a)(b)).toBe(a === b);
      }),
    );
  });
});
