import { useState } from 'react';
import { useLocation } from 'react-router';
import { useChoosePharmacy } from '../../../renderer/features/pharmacy/use-choose-pharmacy';
import type { CheckoutContext } from '../checkout-page';

/**
 * Choosing the order's pharmacy from any of the pharmacy pages, then going on to the stage that
 * is really next. `choosing` names what is being saved ('partner' or a pharmacy id).
 */
export function usePharmacyStep(context: CheckoutContext) {
  const { pathname } = useLocation();
  const choose = useChoosePharmacy();
  const [choosing, setChoosing] = useState<'partner' | number | null>(null);
  const [failure, setFailure] = useState<unknown>(null);

  const run = async (choice: 'partner' | number) => {
    if (choose.isPending) return;
    setChoosing(choice);
    setFailure(null);
    try {
      await choose.mutateAsync(
        choice === 'partner'
          ? { buyer: context.buyer, orderId: context.order.id, kind: 'partner' }
          : { buyer: context.buyer, orderId: context.order.id, kind: 'listed', pharmacyId: choice },
      );
      await context.continueCheckout(pathname);
    } catch (error) {
      setFailure(error);
    } finally {
      setChoosing(null);
    }
  };

  return {
    choosePartner: () => run('partner'),
    chooseListed: (pharmacyId: number) => run(pharmacyId),
    choosing,
    failure,
    /** The order's pharmacy now: a listed one's id, 'partner', or null. */
    current: context.order.acceptInternalPharmacy
      ? ('partner' as const)
      : (context.order.pharmacy?.id ?? null),
  };
}
