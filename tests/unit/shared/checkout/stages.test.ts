import { describe, expect, it } from 'vitest';
import {
  type CheckoutStage,
  checkoutStages,
  compareStages,
  isCheckoutStage,
  sortStages,
  stageOrder,
} from '../../../../shared/checkout/stages';

describe('checkout stage order (spec §4)', () => {
  it.each([
    ['Consult', 1],
    ['Shipping', 2],
    ['Pharmacy', 3],
    ['Scheduling', 4],
    ['Register', 5],
    ['Payment', 6],
  ] as const)('%s is stage %i', (stage, order) => {
    expect(stageOrder[stage]).toBe(order);
  });

  it('lists the stages in that order', () => {
    expect([...checkoutStages]).toEqual([
      'Consult',
      'Shipping',
      'Pharmacy',
      'Scheduling',
      'Register',
      'Payment',
    ]);
  });

  it('sorts any list by stage order and drops duplicates', () => {
    const shuffled: CheckoutStage[] = ['Payment', 'Register', 'Consult', 'Pharmacy', 'Consult'];
    expect(sortStages(shuffled)).toEqual(['Consult', 'Pharmacy', 'Register', 'Payment']);
    expect(shuffled[0]).toBe('Payment');
  });

  it('compares stages by order', () => {
    expect(compareStages('Consult', 'Payment')).toBeLessThan(0);
    expect(compareStages('Payment', 'Register')).toBeGreaterThan(0);
    expect(compareStages('Shipping', 'Shipping')).toBe(0);
  });

  it.each([
    ['Consult', true],
    ['Register', true],
    ['consult', false],
    ['', false],
    [1, false],
    [null, false],
  ])('isCheckoutStage(%j) is %s', (value, expected) => {
    expect(isCheckoutStage(value)).toBe(expected);
  });
});
