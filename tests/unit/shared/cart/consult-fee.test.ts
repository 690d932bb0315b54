import { describe, expect, it } from 'vitest';
import { consultFeeCents } from '../../../../shared/cart/consult-fee';

describe('consult fee: the highest attached fee, once (spec §9)', () => {
  it('takes 3500 from attached fees 2500 and 3500, ignoring an unattached 9900', () => {
    expect(
      consultFeeCents([
        { consultFeeCents: 2500, isConsultAttached: true },
        { consultFeeCents: 3500, isConsultAttached: true },
        { consultFeeCents: 9900, isConsultAttached: false },
      ]),
    ).toBe(3500);
  });

  it.each([
    ['no items', [], 0],
    ['nothing attached', [{ consultFeeCents: 2500, isConsultAttached: false }], 0],
    ['attached flag missing', [{ consultFeeCents: 2500 }], 0],
    ['one attached', [{ consultFeeCents: 2500, isConsultAttached: true }], 2500],
    [
      'two attached with the same fee, counted once',
      [
        { consultFeeCents: 2500, isConsultAttached: true },
        { consultFeeCents: 2500, isConsultAttached: true },
      ],
      2500,
    ],
    ['attached without a fee', [{ isConsultAttached: true }], 0],
  ] as const)('%s -> %i', (_name, items, fee) => {
    expect(consultFeeCents(items)).toBe(fee);
  });

  it('rejects a negative or fractional fee', () => {
    expect(() => consultFeeCents([{ consultFeeCents: -1, isConsultAttached: true }])).toThrow(
      /items\[0\]\.consultFeeCents/,
    );
    expect(() => consultFeeCents([{ consultFeeCents: 12.5, isConsultAttached: false }])).toThrow(
      RangeError,
    );
  });
});
