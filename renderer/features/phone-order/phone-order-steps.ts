import { hasStageBit, StageBit } from '../../../shared/checkout/stage-bits';
import type { CheckoutStage } from '../../../shared/checkout/stages';
import type { OrderData } from '../../../shared/contracts/orders';

/** The steps of a phone order, in the order an agent goes through them with the patient. */
export const phoneOrderStepKeys = [
  'patient',
  'cart',
  'consult',
  'shipping',
  'pharmacy',
  'doctor',
  'payment',
  'receipt',
] as const;
export type PhoneOrderStepKey = (typeof phoneOrderStepKeys)[number];

export const phoneOrderStepTitles: Record<PhoneOrderStepKey, string> = {
  patient: 'Patient',
  cart: 'Cart',
  consult: 'Questionnaire',
  shipping: 'Shipping',
  pharmacy: 'Pharmacy',
  doctor: 'Doctor',
  payment: 'Payment',
  receipt: 'Receipt',
};

/** The checkout stage (spec §4) each order step completes. */
const stageOfStep: Partial<Record<PhoneOrderStepKey, CheckoutStage>> = {
  consult: 'Consult',
  shipping: 'Shipping',
  pharmacy: 'Pharmacy',
  doctor: 'Scheduling',
};

const bitOfStep: Partial<Record<PhoneOrderStepKey, number>> = {
  consult: StageBit.Consult,
  pharmacy: StageBit.Pharmacy,
  doctor: StageBit.Scheduling,
};

export interface PhoneOrderStep {
  key: PhoneOrderStepKey;
  title: string;
  done: boolean;
}

/**
 * The steps this order needs: the questionnaire, pharmacy and doctor only when one of its
 * products requires them (the order's required stage bits); shipping and payment always.
 */
export function phoneOrderSteps(order: OrderData | null, placed: boolean): PhoneOrderStep[] {
  const pending = new Set(order?.pendingStages ?? []);
  const steps: PhoneOrderStep[] = [];
  for (const key of phoneOrderStepKeys) {
    const bit = bitOfStep[key];
    if (bit !== undefined && !hasStageBit(order?.checkoutStages ?? 0, bit)) continue;
    const stage = stageOfStep[key];
    let done: boolean;
    if (key === 'patient') done = order !== null;
    else if (key === 'cart') done = placed || (order?.items.length ?? 0) > 0;
    else if (key === 'payment' || key === 'receipt') done = placed;
    else {
      const complete = stage === undefined || !pending.has(stage);
      done = placed || (order !== null && order.items.length > 0 && complete);
    }
    steps.push({ key, title: phoneOrderStepTitles[key], done });
  }
  return steps;
}

/** The first step not done yet (the receipt once the order is placed). */
export function firstOpenStep(steps: readonly PhoneOrderStep[]): PhoneOrderStepKey {
  return steps.find((step) => !step.done)?.key ?? 'receipt';
}

/**
 * The step to show: the one asked for (in the address) when the agent may open it, i.e. it is
 * done or the first one not done; otherwise the first not done. After the order is placed,
 * only the receipt.
 */
export function currentStep(
  steps: readonly PhoneOrderStep[],
  asked: string | null,
  placed: boolean,
): PhoneOrderStepKey {
  if (placed) return 'receipt';
  const open = firstOpenStep(steps);
  const index = steps.findIndex((step) => step.key === asked);
  const openIndex = steps.findIndex((step) => step.key === open);
  const askedStep = steps[index];
  if (askedStep && index <= openIndex && asked !== 'receipt') return askedStep.key;
  return open;
}

/** The step after `key` in this order's list. */
export function nextStep(steps: readonly PhoneOrderStep[], key: PhoneOrderStepKey) {
  const index = steps.findIndex((step) => step.key === key);
  return steps[index + 1]?.key ?? 'receipt';
}
