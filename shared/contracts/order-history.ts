import { z } from 'zod';
import { addressData, orderData } from './orders';

/** Money in a field the spec names as a price: dollars with two decimals (e.g. 19.99). */
const price = z.number();
const cents = z.number().int();
const productId = z.coerce.number().int().positive().max(2_147_483_647);

export const MAX_ORDER_PAGE_SIZE = 50;
export const DEFAULT_ORDER_PAGE_SIZE = 20;
/** GetRecentOrders and v2/recent-orders answer this many orders. */
export const RECENT_ORDER_COUNT = 3;

/** GET GetPreviousOrders?after=<orderId>&limit=: newest first, keyset paged. */
export const previousOrdersQuery = z
  .object({
    /** The last orderId of the previous page (its `nextCursor`). */
    after: z.string().uuid().optional(),
    limit: z.coerce.number().int().min(1).max(MAX_ORDER_PAGE_SIZE).default(DEFAULT_ORDER_PAGE_SIZE),
  })
  .strict();
export type PreviousOrdersQuery = z.output<typeof previousOrdersQuery>;

/** `?orderId=` of the order detail and receipt endpoints. */
export const orderIdQuery = z.object({ orderId: z.string().uuid() }).strict();

export const orderSummary = z.object({
  orderId: z.string().uuid(),
  orderNumber: z.string().nullable(),
  status: z.string(),
  /** When it was paid, or created when it is not paid (a phone order awaiting payment). */
  placedAt: z.string(),
  total: price,
  totalCents: cents,
  itemCount: z.number().int(),
  items: z.array(
    z.object({ productId: z.number().int(), displayName: z.string(), qty: z.number().int() }),
  ),
});
export type OrderSummary = z.infer<typeof orderSummary>;

export const previousOrdersData = z.object({
  orders: z.array(orderSummary),
  /** Pass as `after` for the next page; null on the last page. */
  nextCursor: z.string().uuid().nullable(),
});
export type PreviousOrdersData = z.infer<typeof previousOrdersData>;

export const recentOrdersData = z.array(orderSummary);

/** What happens next with a placed order, for the patient's home screen (v2/recent-orders). */
export const orderNextSteps = [
  'awaiting-payment',
  'visit-scheduled',
  'awaiting-doctor',
  'preparing-shipment',
  'shipped',
  'delivered',
  'cancelled',
  'refunded',
] as const;
export type OrderNextStep = (typeof orderNextSteps)[number];

export const recentOrderV2 = orderSummary.extend({
  nextStep: z.enum(orderNextSteps),
  /** The booked visit's start (ISO) when nextStep is visit-scheduled. */
  visitAt: z.string().nullable(),
});
export const recentOrdersV2Data = z.array(recentOrderV2);
export type RecentOrderV2 = z.infer<typeof recentOrderV2>;

export const paymentSummary = z.object({
  paymentId: z.string().uuid(),
  brand: z.string().nullable(),
  last4: z.string().nullable(),
  amount: price,
  amountCents: cents,
  status: z.enum(['pending', 'succeeded', 'failed', 'refunded']),
  declineCode: z.string().nullable(),
  at: z.string(),
});

export const statusChange = z.object({
  from: z.string().nullable(),
  to: z.string(),
  at: z.string(),
  note: z.string().nullable(),
});

/** GetOrderDetails / GetOrderDetailsForOrder: the order view plus its payments and history. */
export const orderDetailsData = orderData.extend({
  payments: z.array(paymentSummary),
  statusHistory: z.array(statusChange),
});
export type OrderDetailsData = z.infer<typeof orderDetailsData>;

/** Amounts as two-decimal strings ("12.34"), as printed on a receipt. */
const receiptAmount = z.string();

export const receiptData = z.object({
  orderNumber: z.string().nullable(),
  placedAt: z.string(),
  storefront: z.object({ name: z.string(), phone: z.string(), email: z.string() }),
  shipTo: addressData.nullable(),
  items: z.array(
    z.object({
      name: z.string(),
      qty: z.number().int(),
      unitPrice: receiptAmount,
      lineTotal: receiptAmount,
    }),
  ),
  subtotal: receiptAmount,
  consultFee: receiptAmount,
  discount: receiptAmount,
  salesTax: receiptAmount,
  shipping: receiptAmount,
  total: receiptAmount,
  /** e.g. "Visa •••• 4242"; null when the order was not paid by card. */
  paymentMethod: z.string().nullable(),
});
export type ReceiptData = z.infer<typeof receiptData>;

/** POST ReOrderProduct: the whole order again, or one of its products. */
export const reorderRequest = z
  .object({ orderId: z.string().uuid(), productId: productId.optional() })
  .strict();
export type ReorderRequest = z.output<typeof reorderRequest>;
