import { useEffect, useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { Notice } from '../../components/notice';
import { Skeleton } from '../../components/skeleton';
import { ShippingMethodPicker } from './shipping-method-picker';
import { commonMethods, useProductShippingMethods } from './use-product-shipping-methods';

/**
 * The methods every product of the order ships with to a state, and the one chosen: the
 * order's own while it is offered, else the first (the cheapest). `state` null: nothing yet.
 */
export function useDeliveryChoice(orderId: string, state: string | null, current: number | null) {
  const shipping = useProductShippingMethods(orderId, state);
  const methods = commonMethods(shipping.data);
  const [methodId, setMethodId] = useState<number | null>(current);
  useEffect(() => {
    if (methods.length === 0) return;
    if (methodId === null || !methods.some((m) => m.id === methodId)) {
      setMethodId(methods[0]?.id ?? null);
    }
  }, [methods, methodId]);
  /** Why the order cannot ship there (spec §8), or null. */
  const refusal = shipping.data?.message ?? null;
  return { shipping, methods, refusal, methodId, setMethodId };
}

export type DeliveryChoice = ReturnType<typeof useDeliveryChoice>;

/** The Delivery section: why the order cannot ship there, or its methods to choose from. */
export function DeliverySection({
  choice,
  disabled,
  headingLevel = 2,
  idPrefix = 'shipping',
}: {
  choice: DeliveryChoice;
  disabled: boolean;
  headingLevel?: 2 | 3;
  idPrefix?: string;
}) {
  const { shipping, methods, refusal } = choice;
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const headingId = `${idPrefix}-method-title`;
  return (
    <section className="checkout-section" aria-labelledby={headingId}>
      <Heading id={headingId} className="section-title">
        Delivery
      </Heading>
      {refusal ? <Notice tone="error" title={refusal} /> : null}
      {shipping.error ? <ErrorAlert error={shipping.error} /> : null}
      {shipping.isPending ? <Skeleton rows={2} label="Loading shipping methods" /> : null}
      {methods.length > 0 ? (
        <ShippingMethodPicker
          methods={methods}
          selectedId={choice.methodId}
          onSelect={choice.setMethodId}
          disabled={disabled}
        />
      ) : null}
    </section>
  );
}

/** Whether the order can go on: an address chosen, a method chosen, and nothing refused. */
export function canContinue(choice: DeliveryChoice, addressChosen: boolean): boolean {
  return (
    addressChosen &&
    choice.methodId !== null &&
    choice.refusal === null &&
    choice.methods.length > 0
  );
}
