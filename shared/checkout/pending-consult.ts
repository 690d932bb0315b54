import { hasStageBit, StageBit } from './stage-bits';

export interface ConsultItem<Id = string | number> {
  readonly productId: Id;
  readonly isConsultRequired?: boolean | null | undefined;
  readonly completedCheckoutStages?: number | null | undefined;
}

/**
 * Spec §4: products that require a consult and whose completed stages lack the
 * Consult bit are pending consult products. Their ids keep the items' order, once each.
 */
export function pendingConsultProductIds<Id>(items: readonly ConsultItem<Id>[]): Id[] {
  const ids = items
    .filter(
      (item) =>
        item.isConsultRequired === true &&
        !hasStageBit(item.completedCheckoutStages, StageBit.Consult),
    )
    .map((item) => item.productId);
  return [...new Set(ids)];
}
