import { assertNever, type CheckoutStage, sortStages } from './stages';

/**
 * Stage bit flags of spec §4. Register has no bit: it is pending exactly when the
 * shopper has no login token. The gaps (4) are the spec's values, kept as they are.
 */
export const StageBit = {
  None: 0,
  Consult: 1,
  Shipping: 2,
  Pharmacy: 8,
  Scheduling: 16,
  Payment: 32,
} as const;

export type StageBitName = keyof typeof StageBit;

/** The stages that carry a bit (every stage but Register). */
export type BitStage = Exclude<CheckoutStage, 'Register'>;

/** Every stage bit set: 1 | 2 | 8 | 16 | 32 = 59. */
export const allStageBits =
  StageBit.Consult | StageBit.Shipping | StageBit.Pharmacy | StageBit.Scheduling | StageBit.Payment;

/** The bit of a stage, or `undefined` for Register, which has none. */
export function stageBit(stage: CheckoutStage): number | undefined {
  switch (stage) {
    case 'Consult':
      return StageBit.Consult;
    case 'Shipping':
      return StageBit.Shipping;
    case 'Pharmacy':
      return StageBit.Pharmacy;
    case 'Scheduling':
      return StageBit.Scheduling;
    case 'Payment':
      return StageBit.Payment;
    case 'Register':
      return undefined;
    default:
      return assertNever(stage);
  }
}

const bitStages: readonly BitStage[] = ['Consult', 'Shipping', 'Pharmacy', 'Scheduling', 'Payment'];

/**
 * Reads a bitmask coming from the API. Anything that is not a non-negative safe integer
 * (null, undefined, a string, NaN) counts as "no bits": a broken mask must not invent stages.
 */
export function toStageBits(mask: unknown): number {
  if (typeof mask !== 'number' || !Number.isSafeInteger(mask) || mask < 0) return StageBit.None;
  return mask & allStageBits;
}

export function hasStageBit(mask: unknown, bit: number): boolean {
  return bit !== StageBit.None && (toStageBits(mask) & bit) === bit;
}

/** The stages whose bits are set, in checkout order. Unknown bits are ignored. */
export function stagesFromBits(mask: unknown): CheckoutStage[] {
  const bits = toStageBits(mask);
  return sortStages(bitStages.filter((stage) => (bits & StageBit[stage]) !== 0));
}

/** The bitmask of a list of stages (Register contributes nothing). */
export function bitsFromStages(stages: Iterable<CheckoutStage>): number {
  let mask: number = StageBit.None;
  for (const stage of stages) mask |= stageBit(stage) ?? StageBit.None;
  return mask;
}
