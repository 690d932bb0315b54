import type { AddressPick } from '../../renderer/features/shipping/address-choice';
import type { ShippingAddressesAndMethods } from '../../renderer/features/shipping/use-shipping-addresses-and-methods';
import type { OrderData } from '../../shared/contracts/orders';

/**
 * Where shipping details start: the saved address the order uses, else the order's address as
 * a new one, else a patient's first saved address; null when there is none (the new-address
 * form). Read by the page and by the route's prefetch (which asks for that state's methods).
 */
export function initialShippingPick(
  order: Pick<OrderData, 'addresses'>,
  saved: ShippingAddressesAndMethods | undefined,
  patient: boolean,
): AddressPick | null {
  const addresses = saved?.addresses ?? [];
  const selected = addresses.find((a) => a.id === saved?.selected.addressId);
  if (selected) return { kind: 'saved', address: selected };
  const current = order.addresses.Shipping;
  if (current) return { kind: 'new', address: { ...current, line2: current.line2 } };
  const first = addresses[0];
  return first && patient ? { kind: 'saved', address: first } : null;
}
