/**
 * The checkout stages of spec §4 and the order in which a shopper goes through them.
 * The order decides which pending stage the shopper is sent to first.
 */

export const checkoutStages = [
  'Consult',
  'Shipping',
  'Pharmacy',
  'Scheduling',
  'Register',
  'Payment',
] as const;

export type CheckoutStage = (typeof checkoutStages)[number];

/** Spec §4: Consult 1, Shipping 2, Pharmacy 3, Scheduling 4, Register 5, Payment 6. */
export const stageOrder = {
  Consult: 1,
  Shipping: 2,
  Pharmacy: 3,
  Scheduling: 4,
  Register: 5,
  Payment: 6,
} as const satisfies Record<CheckoutStage, number>;

export function compareStages(a: CheckoutStage, b: CheckoutStage): number {
  return stageOrder[a] - stageOrder[b];
}

/** A copy of the stages, without duplicates, in checkout order. */
export function sortStages(stages: Iterable<CheckoutStage>): CheckoutStage[] {
  return [...new Set(stages)].sort(compareStages);
}

export function isCheckoutStage(value: unknown): value is CheckoutStage {
  return typeof value === 'string' && (checkoutStages as readonly string[]).includes(value);
}

/** Compile-time exhaustiveness check for switches over unions. */
export function assertNever(value: never): never {
  throw new TypeError(`Unexpected value: ${String(value)}`);
}
