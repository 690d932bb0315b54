import '../../../renderer/components/button.css';
import { useState } from 'react';
import { errorTextOf } from '../../../renderer/components/api-error-text';
import { ErrorAlert } from '../../../renderer/components/error-alert';
import { Skeleton } from '../../../renderer/components/skeleton';
import {
  AddressChoice,
  type AddressPick,
} from '../../../renderer/features/shipping/address-choice';
import {
  canContinue,
  DeliverySection,
  useDeliveryChoice,
} from '../../../renderer/features/shipping/delivery-section';
import { useSaveShipping } from '../../../renderer/features/shipping/use-save-shipping';
import { useShippingAddressesAndMethods } from '../../../renderer/features/shipping/use-shipping-addresses-and-methods';
import { useStates } from '../../../renderer/features/shipping/use-states';
import { isApiError } from '../../../shared/api/api-error';
import { routes } from '../../../shared/checkout/routes';
import type { SavedAddressData } from '../../../shared/contracts/shipping';
import { type CheckoutContext, CheckoutPage } from '../../checkout/checkout-page';
import { initialShippingPick } from '../../checkout/initial-shipping-pick';

/** /checkout/shipping-details: the address (saved or new) and the shipping method. */
export default function ShippingDetailsPage() {
  return (
    <CheckoutPage title="Shipping details">
      {(context) => <ShippingDetails context={context} />}
    </CheckoutPage>
  );
}

function ShippingDetails({ context }: { context: CheckoutContext }) {
  const { order, buyer } = context;
  const patient = buyer === 'patient';
  const states = useStates();
  const savedQuery = useShippingAddressesAndMethods(order.id, patient);
  const [pick, setPick] = useState<AddressPick | null>(null);
  const [adding, setAdding] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const save = useSaveShipping();

  const saved: SavedAddressData[] = savedQuery.data?.addresses ?? [];
  const ready = states.data !== undefined && (!patient || savedQuery.data !== undefined);

  // Start from what the order already uses, set in the render the reads arrive in (not in an
  // effect after it): the page is drawn once with its address and delivery, nothing moving.
  if (ready && pick === null && !adding) {
    const initial = initialShippingPick(order, savedQuery.data, patient);
    if (initial) setPick(initial);
    else setAdding(true);
  }

  const state = pick && !adding ? pick.address.state : null;
  const delivery = useDeliveryChoice(order.id, state, order.carrier?.id ?? null);
  const { methodId } = delivery;

  if (states.error || savedQuery.error)
    return <ErrorAlert error={states.error ?? savedQuery.error} />;
  if (!ready) return <Skeleton rows={8} />;

  const submit = async () => {
    if (!pick || methodId === null) return;
    setFailure(null);
    try {
      await save.mutateAsync(
        buyer === 'guest'
          ? { buyer, orderId: order.id, address: pick.address, shippingMethodId: methodId }
          : {
              buyer,
              orderId: order.id,
              address:
                pick.kind === 'saved'
                  ? { kind: 'saved', addressId: pick.address.id }
                  : { kind: 'new', address: pick.address },
              shippingMethodId: methodId,
            },
      );
      await context.continueCheckout(routes.shippingDetails);
    } catch (error) {
      setFailure(error);
      // A refused new address goes back to its form, the fields at fault marked.
      if (isApiError(error) && Object.keys(error.errors).length > 0 && pick.kind === 'new') {
        setAdding(true);
      }
    }
  };

  const failureText = failure ? errorTextOf(failure) : null;
  return (
    <div className="shipping-details">
      <AddressChoice
        saved={saved}
        states={states.data ?? []}
        pick={pick}
        onPick={setPick}
        adding={adding}
        onAdding={setAdding}
        serverErrors={isApiError(failure) ? failure.errors : undefined}
        disabled={save.isPending}
      />
      {state ? <DeliverySection choice={delivery} disabled={save.isPending} /> : null}
      {failureText ? <ErrorAlert error={failure} /> : null}
      <button
        type="button"
        className="button button--primary primary-action"
        onClick={submit}
        disabled={save.isPending || adding || !canContinue(delivery, pick !== null)}
        aria-busy={save.isPending || undefined}
      >
        CONTINUE
      </button>
    </div>
  );
}
