import { useState } from 'react';
import { useLocation } from 'react-router';
import { useSelectDoctor } from '../../../renderer/features/scheduling/use-select-doctor';
import type { CheckoutContext } from '../checkout-page';

/** Saves the order's doctor (and visit time), then goes on to the stage that is really next. */
export function useDoctorStep(context: CheckoutContext) {
  const { pathname } = useLocation();
  const select = useSelectDoctor();
  const [failure, setFailure] = useState<unknown>(null);
  const save = async (doctorId: number, slotId?: number) => {
    if (select.isPending) return;
    setFailure(null);
    try {
      await select.mutateAsync({
        buyer: context.buyer,
        orderId: context.order.id,
        doctorId,
        slotId,
      });
      await context.continueCheckout(pathname);
    } catch (error) {
      setFailure(error);
    }
  };
  return { save, saving: select.isPending, failure };
}
