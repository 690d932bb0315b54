import { z } from 'zod';
import {
  addressLine1,
  addressLine2,
  city,
  optionalPhoneNumber,
  stateCode,
  zipCode,
} from '../validation/address-rules';
import { fullName } from '../validation/rules';
import { addressData, orderData } from './orders';

/** An order id where a call may name one; without it the caller's open order is meant. */
const optionalOrderId = z.string().uuid().optional();
const positiveId = z.number().int().positive().max(2_147_483_647);

/** The fields of a shipping address form. An empty or null phone means none. */
export const addressFields = {
  fullName,
  line1: addressLine1,
  line2: addressLine2,
  city,
  state: stateCode,
  zip: zipCode,
  phone: optionalPhoneNumber,
};

export const shippingAddressInput = z.object(addressFields).strict();
export type ShippingAddressInput = z.output<typeof shippingAddressInput>;

/** POST Order/AddShippingAddress: saves the address for the user and uses it for the order. */
export const addShippingAddressRequest = z
  .object({ orderId: optionalOrderId, ...addressFields })
  .strict();
export type AddShippingAddressRequest = z.output<typeof addShippingAddressRequest>;

/** POST Order/UseShippingAddress: uses one of the user's saved addresses for the order. */
export const useShippingAddressRequest = z
  .object({ orderId: optionalOrderId, addressId: z.string().uuid() })
  .strict();

/** POST Payment/EditShippingAddress: only the fields given change. */
export const editShippingAddressRequest = z
  .object({
    addressId: z.string().uuid(),
    fullName: addressFields.fullName.optional(),
    line1: addressFields.line1.optional(),
    line2: addressFields.line2,
    city: addressFields.city.optional(),
    state: addressFields.state.optional(),
    zip: addressFields.zip.optional(),
    phone: addressFields.phone,
  })
  .strict();
export type EditShippingAddressRequest = z.output<typeof editShippingAddressRequest>;

/** POST Payment/UpdateShippingFee: the shipping method, whose fee flows into the totals. */
export const updateShippingFeeRequest = z
  .object({ orderId: optionalOrderId, shippingMethodId: positiveId })
  .strict();

/** PATCH v1/guestorders/current/carrier: the guest's method and address (kept on the order only). */
export const guestCarrierRequest = z
  .object({ shippingMethodId: positiveId, address: shippingAddressInput.optional() })
  .strict();

export const orderIdQuery = z.object({ orderId: optionalOrderId });

export const productShippingQuery = z.object({ state: stateCode, orderId: optionalOrderId });

/** A saved address of the user. */
/** A saved address: an order's address with its own id and history. */
export const savedAddressData = addressData.extend({
  id: z.string().uuid(),
  createdAt: z.string(),
  lastUsedAt: z.string(),
  /** The address a new order starts with. */
  isDefault: z.boolean(),
});
export type SavedAddressData = z.infer<typeof savedAddressData>;

export const shippingMethodData = z.object({
  id: z.number().int(),
  carrier: z.string(),
  name: z.string(),
  /** Dollars, as the spec's price fields. */
  fee: z.number(),
  feeCents: z.number().int(),
  minDays: z.number().int(),
  maxDays: z.number().int(),
});
export type ShippingMethodData = z.infer<typeof shippingMethodData>;

export const savedAddressesData = z.array(savedAddressData);

/** POST RemoveSavedAddress and SetDefaultAddress (ours): one of the patient's saved addresses. */
export const savedAddressRequest = z.object({ addressId: z.string().uuid() }).strict();
export type SavedAddressRequest = z.output<typeof savedAddressRequest>;

/** GET Order/ShippingAddressesAndMethods. */
export const shippingAddressesAndMethodsData = z.object({
  addresses: z.array(savedAddressData),
  methods: z.array(shippingMethodData),
  selected: z.object({
    addressId: z.string().uuid().nullable(),
    methodId: z.number().int().nullable(),
  }),
});

/** GET Payment/GetProductWiseShippingMethodsWithState: per order item, whether it can ship there. */
export const productWiseShippingData = z.object({
  state: z.string(),
  stateName: z.string(),
  items: z.array(
    z.object({
      productId: z.number().int(),
      displayName: z.string(),
      canShip: z.boolean(),
      /** The methods it can ship with; empty when it cannot ship to the state. */
      methods: z.array(shippingMethodData),
    }),
  ),
  /** The refusal AddShippingAddress would give for this state, or null when all can ship. */
  message: z.string().nullable(),
});

/** POST Payment/EditShippingAddress: the edited address, and the open order using it if any. */
export const editShippingAddressData = z.object({
  address: savedAddressData,
  order: orderData.nullable(),
});
