import { Alert, Button, Flex, Skeleton } from 'antd';
import { useEffect, useState } from 'react';
import { isApiError } from '../../../../shared/api/api-error';
import type { ShippingAddressInput } from '../../../../shared/contracts/shipping';
import { ErrorAlert } from '../../../components/error-alert';
import { useStatesAsStaff } from '../../../features/phone-order/states-as-staff';
import { AddressForm } from '../../../features/shipping/address-form';
import { AddressLines } from '../../../features/shipping/address-lines';
import { SavedAddressPicker } from '../../../features/shipping/saved-address-picker';
import { ShippingMethodPicker } from '../../../features/shipping/shipping-method-picker';
import {
  commonMethods,
  useProductShippingMethods,
} from '../../../features/shipping/use-product-shipping-methods';
import { useSaveShipping } from '../../../features/shipping/use-save-shipping';
import { useShippingAddressesAndMethods } from '../../../features/shipping/use-shipping-addresses-and-methods';
import type { PhoneOrderContext } from './phone-order-context';

type Pick =
  | { kind: 'saved'; addressId: string; state: string }
  | { kind: 'new'; address: ShippingAddressInput };

/**
 * Where the order ships: one of the patient's saved addresses or a new one (saved to the
 * patient's account), then a shipping method the order's products can all ship with.
 */
export function ShippingStep({ context }: { context: PhoneOrderContext }) {
  const { order } = context;
  const states = useStatesAsStaff();
  const saved = useShippingAddressesAndMethods(order.id);
  const save = useSaveShipping();
  const [pick, setPick] = useState<Pick | null>(null);
  const [adding, setAdding] = useState(false);
  const [methodId, setMethodId] = useState<number | null>(order.carrier?.id ?? null);
  const addresses = saved.data?.addresses ?? [];

  // Start from what the order uses, else the patient's most recent address, else a new one.
  useEffect(() => {
    if (!saved.data || pick || adding) return;
    const chosen =
      addresses.find((a) => a.id === saved.data.selected.addressId) ??
      [...addresses].sort((a, b) => b.lastUsedAt.localeCompare(a.lastUsedAt))[0];
    if (chosen) setPick({ kind: 'saved', addressId: chosen.id, state: chosen.state });
    else setAdding(true);
  }, [saved.data, addresses, pick, adding]);

  const state = adding || !pick ? null : pick.kind === 'saved' ? pick.state : pick.address.state;
  const shipping = useProductShippingMethods(order.id, state);
  const methods = commonMethods(shipping.data);
  const refusal = shipping.data?.message ?? null;

  useEffect(() => {
    if (methods.length === 0) return;
    if (methodId === null || !methods.some((m) => m.id === methodId)) {
      setMethodId(methods[0]?.id ?? null);
    }
  }, [methods, methodId]);

  if (states.error || saved.error) return <ErrorAlert error={states.error ?? saved.error} />;
  if (!states.data || !saved.data) return <Skeleton active paragraph={{ rows: 8 }} />;

  const submit = () => {
    if (!pick || methodId === null) return;
    save.mutate(
      {
        buyer: 'patient',
        orderId: order.id,
        address:
          pick.kind === 'saved'
            ? { kind: 'saved', addressId: pick.addressId }
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
      <section className="checkout-section" aria-labelledby="phone-shipping-address">
        <h3 id="phone-shipping-address" className="section-title">
          Shipping address
        </h3>
        {addresses.length > 0 && !adding ? (
          <SavedAddressPicker
            addresses={addresses}
            selectedId={pick?.kind === 'saved' ? pick.addressId : null}
            onSelect={(addressId) => {
              const address = addresses.find((a) => a.id === addressId);
              if (address) setPick({ kind: 'saved', addressId, state: address.state });
            }}
            disabled={save.isPending}
          />
        ) : null}
        {pick?.kind === 'new' && !adding ? (
          <div className="picked-address">
            <AddressLines address={pick.address} />
          </div>
        ) : null}
        {adding ? (
          <AddressForm
            states={states.data}
            serverErrors={isApiError(save.error) ? save.error.errors : undefined}
            onSubmit={(address) => {
              setPick({ kind: 'new', address });
              setAdding(false);
            }}
            onCancel={addresses.length > 0 || pick ? () => setAdding(false) : undefined}
            submitLabel="USE THIS ADDRESS"
            idPrefix="phone-address"
          />
        ) : (
          <Button onClick={() => setAdding(true)} disabled={save.isPending}>
            Use a new address
          </Button>
        )}
      </section>
      {state ? (
        <section className="checkout-section" aria-labelledby="phone-shipping-method">
          <h3 id="phone-shipping-method" className="section-title">
            Delivery
          </h3>
          {refusal ? <Alert type="error" showIcon title={refusal} role="alert" /> : null}
          {shipping.error ? <ErrorAlert error={shipping.error} /> : null}
          {shipping.isPending ? <Skeleton active paragraph={{ rows: 2 }} /> : null}
          {methods.length > 0 ? (
            <ShippingMethodPicker
              methods={methods}
              selectedId={methodId}
              onSelect={setMethodId}
              disabled={save.isPending}
            />
          ) : null}
        </section>
      ) : null}
      {save.error && !(isApiError(save.error) && Object.keys(save.error.errors).length > 0) ? (
        <ErrorAlert error={save.error} />
      ) : null}
      <Button
        type="primary"
        onClick={submit}
        loading={save.isPending}
        disabled={!pick || adding || methodId === null || refusal !== null || methods.length === 0}
        style={{ alignSelf: 'flex-start' }}
      >
        CONTINUE
      </Button>
    </Flex>
  );
}
