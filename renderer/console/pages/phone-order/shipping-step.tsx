import { Button, Flex, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { isApiError } from '../../../../shared/api/api-error';
import { ErrorAlert } from '../../../components/error-alert';
import { useStatesAsStaff } from '../../../features/phone-order/states-as-staff';
import { AddressChoice, type AddressPick } from '../../../features/shipping/address-choice';
import {
  canContinue,
  DeliverySection,
  useDeliveryChoice,
} from '../../../features/shipping/delivery-section';
import { useSaveShipping } from '../../../features/shipping/use-save-shipping';
import { useShippingAddressesAndMethods } from '../../../features/shipping/use-shipping-addresses-and-methods';
import type { PhoneOrderContext } from './phone-order-context';

/**
 * Where the order ships: one of the patient's saved addresses or a new one (saved to the
 * patient's account), then a shipping method the order's products can all ship with; the
 * same address choice and delivery section as the web checkout's.
 */
export function ShippingStep({ context }: { context: PhoneOrderContext }) {
  const { order } = context;
  const states = useStatesAsStaff();
  const saved = useShippingAddressesAndMethods(order.id);
  const save = useSaveShipping();
  const [pick, setPick] = useState<AddressPick | null>(null);
  const [adding, setAdding] = useState(false);
  const addresses = saved.data?.addresses ?? [];

  // Start from what the order uses, else the patient's most recent address, else a new one.
  useEffect(() => {
    if (!saved.data || pick || adding) return;
    const chosen =
      addresses.find((a) => a.id === saved.data.selected.addressId) ??
      [...addresses].sort((a, b) => b.lastUsedAt.localeCompare(a.lastUsedAt))[0];
    if (chosen) setPick({ kind: 'saved', address: chosen });
    else setAdding(true);
  }, [saved.data, addresses, pick, adding]);

  const state = adding || !pick ? null : pick.address.state;
  const delivery = useDeliveryChoice(order.id, state, order.carrier?.id ?? null);

  if (states.error || saved.error) return <ErrorAlert error={states.error ?? saved.error} />;
  if (!states.data || !saved.data) return <Skeleton active paragraph={{ rows: 8 }} />;

  const submit = () => {
    const { methodId } = delivery;
    if (!pick || methodId === null) return;
    save.mutate(
      {
        buyer: 'patient',
        orderId: order.id,
        address:
          pick.kind === 'saved'
            ? { kind: 'saved', addressId: pick.address.id }
            : { kind: 'new', address: pick.address },
        shippingMethodId: methodId,
      },
      {
        onSuccess: (updated) => {
          context.setOrder(updated);
          context.goNext('shipping');
        },
        // A refused new address goes back to its form, the fields at fault marked.
        onError: (error) => {
          if (isApiError(error) && Object.keys(error.errors).length > 0 && pick.kind === 'new') {
            setAdding(true);
          }
        },
      },
    );
  };

  return (
    <Flex vertical gap={16} className="phone-order-panel">
      <AddressChoice
        saved={addresses}
        states={states.data}
        pick={pick}
        onPick={setPick}
        adding={adding}
        onAdding={setAdding}
        serverErrors={isApiError(save.error) ? save.error.errors : undefined}
        disabled={save.isPending}
        headingLevel={3}
        idPrefix="phone"
      />
      {state ? (
        <DeliverySection
          choice={delivery}
          disabled={save.isPending}
          headingLevel={3}
          idPrefix="phone"
        />
      ) : null}
      {save.error && !(isApiError(save.error) && Object.keys(save.error.errors).length > 0) ? (
        <ErrorAlert error={save.error} />
      ) : null}
      <Button
        type="primary"
        onClick={submit}
        loading={save.isPending}
        disabled={adding || !canContinue(delivery, pick !== null)}
        style={{ alignSelf: 'flex-start' }}
      >
        CONTINUE
      </Button>
    </Flex>
  );
}
