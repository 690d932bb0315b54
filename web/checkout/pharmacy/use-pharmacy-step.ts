import { useState } from 'react';
import { useLocation } from 'react-router';
import { useChoosePharmacy } from '../../../renderer/features/pharmacy/use-choose-pharmacy';
import type { NewPharmacyInput } from '../../../shared/contracts/pharmacy';
import type { CheckoutContext } from '../checkout-page';

type Choice =
  | { kind: 'partner' }
  | { kind: 'listed'; pharmacyId: number }
  | { kind: 'own'; pharmacy: NewPharmacyInput };

/**
 * Choosing the order's pharmacy from any of the pharmacy pages, then going on to the stage that
 * is really next. `choosing` names what is being saved ('partner', 'own' or a listed pharmacy's id).
 */
export function usePharmacyStep(context: CheckoutContext) {
  const { pathname } = useLocation();
  const choose = useChoosePharmacy();
  const [choosing, setChoosing] = useState<Exclude<Choice['kind'], 'listed'> | number | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  const run = async (choice: Choice) => {
    if (choose.isPending) return;
    setChoosing(choice.kind === 'listed' ? choice.pharmacyId : choice.kind);
    setFailure(null);
    try {
      await choose.mutateAsync({ buyer: context.buyer, orderId: context.order.id, ...choice });
      await context.continueCheckout(pathname);
    } catch (error) {
      setFailure(error);
    } finally {
      setChoosing(null);
    }
  };

  return {
    choosePartner: () => run({ kind: 'partner' }),
    chooseListed: (pharmacyId: number) => run({ kind: 'listed', pharmacyId }),
    chooseOwn: (pharmacy: NewPharmacyInput) => run({ kind: 'own', pharmacy }),
    choosing,
    failure,
    /** The order's pharmacy now: a listed one's id, 'partner', or null. */
    current: context.order.acceptInternalPharmacy
      ? ('partner' as const)
      : (context.order.pharmacy?.id ?? null),
  };
}

export type PharmacyStep = ReturnType<typeof usePharmacyStep>;
