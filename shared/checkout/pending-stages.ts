import { StageBit, stagesFromBits, toStageBits } from './stage-bits';
import { type CheckoutStage, sortStages } from './stages';

/** What an item or order says about its stages: both are bitmasks of {@link StageBit}. */
export interface StageProgress {
  /** Required stages (the API's `checkoutStages`). */
  readonly checkoutStages?: number | null | undefined;
  /** Completed stages (the API's `completedCheckoutStages`). */
  readonly completedCheckoutStages?: number | null | undefined;
}

export interface PendingStagesInput {
  /** Required stages, a bitmask. */
  readonly required: number | null | undefined;
  /** Completed stages, a bitmask. */
  readonly completed: number | null | undefined;
  readonly hasLoginToken: boolean;
}

/** Required minus completed, bit by bit. */
export function pendingStageBits(
  required: number | null | undefined,
  completed: number | null | undefined,
): number {
  return toStageBits(required) & ~toStageBits(completed);
}

function withRegister(bits: number, hasLoginToken: boolean): CheckoutStage[] {
  const stages = stagesFromBits(bits);
  return hasLoginToken ? stages : sortStages([...stages, 'Register']);
}

/**
 * Spec §4: pending stages = required minus completed, plus Register when there is no
 * login token, sorted by stage order. The shopper is routed to the first one.
 */
export function pendingStages(input: PendingStagesInput): CheckoutStage[] {
  return withRegister(pendingStageBits(input.required, input.completed), input.hasLoginToken);
}

export interface OrderPendingStagesInput {
  readonly items: readonly StageProgress[];
  readonly hasLoginToken: boolean;
  /** Stages the order itself requires beyond its items (the cart's `orderLevelCheckoutStages`). */
  readonly orderLevel?: StageProgress | undefined;
}

/** The union of the pending bits of every item (and of the order level, when given). */
export function orderPendingStageBits(
  items: readonly StageProgress[],
  orderLevel?: StageProgress,
): number {
  let bits: number = StageBit.None;
  for (const item of [...items, ...(orderLevel ? [orderLevel] : [])]) {
    bits |= pendingStageBits(item.checkoutStages, item.completedCheckoutStages);
  }
  return bits;
}

/** {@link pendingStages} for a whole order: per-item pending bits are unioned. */
export function orderPendingStages(input: OrderPendingStagesInput): CheckoutStage[] {
  return withRegister(orderPendingStageBits(input.items, input.orderLevel), input.hasLoginToken);
}
