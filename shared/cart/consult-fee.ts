import { assertNonNegativeInteger } from './cents';

export interface ConsultFeeFields {
  readonly consultFeeCents?: number | null | undefined;
  readonly isConsultAttached?: boolean | null | undefined;
}

/**
 * Spec §9: the consult fee is the highest consultFee among items with a consult attached,
 * charged once per order however many items carry a consult; 0 when none does.
 */
export function consultFeeCents(items: readonly ConsultFeeFields[]): number {
  let highest = 0;
  items.forEach((item, index) => {
    const fee = assertNonNegativeInteger(
      item.consultFeeCents ?? 0,
      `items[${index}].consultFeeCents`,
    );
    if (item.isConsultAttached === true && fee > highest) highest = fee;
  });
  return highest;
}
