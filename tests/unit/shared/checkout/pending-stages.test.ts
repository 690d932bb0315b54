import { describe, expect, it } from 'vitest';
import {
  orderPendingStageBits,
  orderPendingStages,
  pendingStageBits,
  pendingStages,
} from '../../../../shared/checkout/pending-stages';
import { StageBit } from '../../../../shared/checkout/stage-bits';

const all = 1 | 2 | 8 | 16 | 32;

describe('pendingStages: required minus completed (spec §4)', () => {
  it.each([
    [all, 0, ['Consult', 'Shipping', 'Pharmacy', 'Scheduling', 'Payment']],
    [all, 1, ['Shipping', 'Pharmacy', 'Scheduling', 'Payment']],
    [all, 1 | 2, ['Pharmacy', 'Scheduling', 'Payment']],
    [all, 1 | 2 | 8, ['Scheduling', 'Payment']],
    [all, 1 | 2 | 8 | 16, ['Payment']],
    [all, all, []],
    [all, 32, ['Consult', 'Shipping', 'Pharmacy', 'Scheduling']],
    [all, 2 | 16, ['Consult', 'Pharmacy', 'Payment']],
    [1 | 32, 2 | 8 | 16, ['Consult', 'Payment']],
    [2 | 32, 1, ['Shipping', 'Payment']],
    [0, all, []],
    [0, 0, []],
    // Completed bits that were never required change nothing.
    [16, 1 | 2, ['Scheduling']],
  ])('required %i, completed %i, logged in -> %j', (required, completed, expected) => {
    expect(pendingStages({ required, completed, hasLoginToken: true })).toEqual(expected);
  });

  it('is a bitwise difference', () => {
    expect(pendingStageBits(all, 1 | 8)).toBe(2 | 16 | 32);
    expect(pendingStageBits(1, 1)).toBe(0);
    expect(pendingStageBits(null, 1)).toBe(0);
    expect(pendingStageBits(1 | 2, undefined)).toBe(3);
  });
});

describe('Register is pending exactly when there is no login token', () => {
  it.each([
    [all, 0, false, ['Consult', 'Shipping', 'Pharmacy', 'Scheduling', 'Register', 'Payment']],
    [all, 0, true, ['Consult', 'Shipping', 'Pharmacy', 'Scheduling', 'Payment']],
    [all, all, false, ['Register']],
    [all, all, true, []],
    [32, 0, false, ['Register', 'Payment']],
    [1 | 32, 0, false, ['Consult', 'Register', 'Payment']],
    [16, 0, false, ['Scheduling', 'Register']],
    [0, 0, false, ['Register']],
  ])(
    'required %i, completed %i, token %s -> %j',
    (required, completed, hasLoginToken, expected) => {
      expect(pendingStages({ required, completed, hasLoginToken })).toEqual(expected);
    },
  );

  it('sorts Register between Scheduling and Payment', () => {
    const stages = pendingStages({ required: 16 | 32, completed: 0, hasLoginToken: false });
    expect(stages).toEqual(['Scheduling', 'Register', 'Payment']);
  });
});

describe('orderPendingStages: the union of the items’ pending bits', () => {
  const consultItem = { checkoutStages: 1 | 2 | 32, completedCheckoutStages: 1 };
  const schedulingItem = { checkoutStages: 16 | 32, completedCheckoutStages: 32 };
  const doneItem = { checkoutStages: 2, completedCheckoutStages: 2 };

  it('unions per-item pending bits', () => {
    expect(orderPendingStageBits([consultItem, schedulingItem, doneItem])).toBe(2 | 32 | 16);
  });

  it('sorts the union by stage order and adds Register without a token', () => {
    expect(
      orderPendingStages({ items: [schedulingItem, consultItem], hasLoginToken: false }),
    ).toEqual(['Shipping', 'Scheduling', 'Register', 'Payment']);
    expect(
      orderPendingStages({ items: [schedulingItem, consultItem], hasLoginToken: true }),
    ).toEqual(['Shipping', 'Scheduling', 'Payment']);
  });

  it('does not let one item’s completed bits hide another item’s pending bits', () => {
    const a = { checkoutStages: 1, completedCheckoutStages: 0 };
    const b = { checkoutStages: 1, completedCheckoutStages: 1 };
    expect(orderPendingStages({ items: [a, b], hasLoginToken: true })).toEqual(['Consult']);
  });

  it('includes order-level stages when given', () => {
    expect(
      orderPendingStages({
        items: [doneItem],
        hasLoginToken: true,
        orderLevel: { checkoutStages: StageBit.Pharmacy, completedCheckoutStages: 0 },
      }),
    ).toEqual(['Pharmacy']);
  });

  it('has only Register (or nothing) for an empty cart', () => {
    expect(orderPendingStages({ items: [], hasLoginToken: false })).toEqual(['Register']);
    expect(orderPendingStages({ items: [], hasLoginToken: true })).toEqual([]);
  });

  it('treats missing masks from the API as no bits', () => {
    expect(
      orderPendingStages({
        items: [{ checkoutStages: null, completedCheckoutStages: null }, {}],
        hasLoginToken: true,
      }),
    ).toEqual([]);
  });
});
