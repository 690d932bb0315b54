import { z } from 'zod';
import { checkoutStages } from '../checkout/stages';

/** Money in a field the spec names as a price: dollars with two decimals (e.g. 19.99). */
const price = z.number();
const cents = z.number().int();

export const pharmacyData = z.object({
  id: z.number().int(),
  isPatientCreated: z.boolean(),
  npi: z.string().nullable(),
  pharmacyName: z.string(),
  fax: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string(),
  city: z.string(),
  zip: z.string(),
  state: z.string(),
});
export type PharmacyData = z.infer<typeof pharmacyData>;

export const addressData = z.object({
  id: z.string().uuid().nullable(),
  fullName: z.string(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  phone: z.string().nullable(),
});
export type AddressData = z.infer<typeof addressData>;

export const doctorRef = z.object({ doctorId: z.number().int(), name: z.string() });

export const scheduleData = z.object({
  id: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  heldUntil: z.string().nullable(),
  invitee: z.object({ name: z.string(), email: z.string(), number: z.string() }),
});

/** A cart item (spec §3), with integer-cent twins of the price fields for our own UI. */
export const cartItemData = z.object({
  id: z.string().uuid(),
  productId: z.number().int(),
  product_title: z.string(),
  displayName: z.string(),
  thumbnail: z.string(),
  price,
  unitPrice: price,
  priceCents: cents,
  qty: z.number().int(),
  count: z.number().int(),
  qtyRange: z.array(z.number().int()),
  defaultQuantity: z.number().int(),
  consultFee: price,
  consultFeeCents: cents,
  isConsultAttached: z.boolean(),
  isConsultRequired: z.boolean(),
  type: z.enum(['rx', 'otc']),
  description: z.string(),
  checkoutStages: z.number().int(),
  completedCheckoutStages: z.number().int(),
  cartItemPharmacy: pharmacyData.nullable(),
  schedule: scheduleData.nullable(),
  doctor: doctorRef.nullable(),
  shipping: z.object({ state: z.string(), carrierId: z.number().int().nullable() }).nullable(),
  visit: z.object({ type: z.number().int() }).nullable(),
  consultOrderItems: z.array(z.string().uuid()),
});
export type CartItemData = z.infer<typeof cartItemData>;

export const orderTotalsData = z.object({
  subtotalCents: cents,
  consultFeeCents: cents,
  discountCents: cents,
  salesTaxCents: cents,
  shippingCents: cents,
  totalCents: cents,
});

/** The guest order response of spec §3, field for field; the logged-in cart answers the same. */
export const orderData = z.object({
  id: z.string().uuid(),
  orderId: z.string().uuid(),
  orderNumber: z.string().nullable(),
  status: z.string(),
  sessionGuid: z.string().nullable(),
  items: z.array(cartItemData),
  consultOrderItems: z.array(
    z.object({
      orderItemId: z.string().uuid(),
      productId: z.number().int(),
      completed: z.boolean(),
    }),
  ),
  checkoutStages: z.number().int(),
  completedCheckoutStages: z.number().int(),
  pendingStages: z.array(z.enum(checkoutStages)),
  pendingConsultProductIds: z.array(z.number().int()),
  addresses: z.object({ Shipping: addressData.nullable() }),
  carrier: z
    .object({ id: z.number().int(), shipping: price, name: z.string(), carrier: z.string() })
    .nullable(),
  coupon: z.object({ code: z.string() }).nullable(),
  totalDiscount: price,
  isPromoCodeApplied: z.boolean(),
  isSalesTaxApplied: z.boolean(),
  salesTaxAmount: price,
  subtotal: price,
  consultFee: price,
  shippingCost: price,
  total: price,
  totals: orderTotalsData,
  applicationSettings: z.object({ PharmacyChoice: z.boolean(), HideBMI: z.boolean() }),
  pharmacy: pharmacyData.nullable(),
  acceptInternalPharmacy: z.boolean(),
  people: z.object({ phones: z.array(z.string()) }),
  doctor: doctorRef.nullable(),
  visit: z.object({ type: z.number().int() }).nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type OrderData = z.infer<typeof orderData>;
