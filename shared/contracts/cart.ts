import { z } from 'zod';
import { promoCode } from '../validation/rules';
import { storefrontIdField } from './fields';

const productId = z.coerce.number().int().positive().max(2_147_483_647);
/** 0 removes the item; otherwise the quantity must be one of the product's qtyRange. */
const qty = z.coerce.number().int().min(0).max(1000);

export const cartLineInput = z.object({ productId, qty }).strict();

export const addToCartRequest = z
  .object({ productId, qty: qty.optional(), storefrontId: storefrontIdField.optional() })
  .strict();

export const changeQuantityRequest = z
  .object({ productId, qty, storefrontId: storefrontIdField.optional() })
  .strict();

export const updateItemsRequest = z
  .object({ items: z.array(cartLineInput).min(1).max(50) })
  .strict();

export const cartQuery = z.object({ storefrontId: storefrontIdField.optional() }).strict();

export const createGuestOrderRequest = z
  .object({
    storefrontId: storefrontIdField,
    sessionGuid: z.string().max(64).optional(),
    items: z.array(cartLineInput).max(50).optional(),
  })
  .strict();

export const orderIdParams = z.object({ orderId: z.string().uuid() }).strict();

/**
 * Apply a promo code (spec §7 payload): orderTotal, storefrontId, promoCode, products with their
 * subtotals, GUID. The server prices the order itself; the client's totals are only checked
 * for shape, never used.
 */
export const applyPromoRequest = z
  .object({
    promoCode,
    orderTotal: z.number().min(0).max(10_000_000).optional(),
    storefrontId: storefrontIdField.optional(),
    products: z
      .array(z.object({ productId, subtotal: z.number().min(0).max(10_000_000) }).strict())
      .max(50)
      .optional(),
    GUID: z.string().max(64).optional(),
  })
  .strict();

export const removePromoRequest = z
  .object({
    promoCode: z.string().max(50).optional(),
    storefrontId: storefrontIdField.optional(),
    GUID: z.string().max(64).optional(),
  })
  .strict();

export const promoDiscountData = z.object({
  promoCode: z.string(),
  valid: z.boolean(),
  discount: z.number(),
  discountCents: z.number().int(),
});
