import { z } from 'zod';
import { storefrontIdField } from './fields';
import { addressData } from './orders';
import { MAX_REFILL_INTERVAL_DAYS, MIN_REFILL_INTERVAL_DAYS } from './refill-limits';

const productId = z.coerce.number().int().positive().max(2_147_483_647);
const shippingMethodId = z.coerce.number().int().positive().max(2_147_483_647);
const intervalDays = z.coerce
  .number()
  .int()
  .min(MIN_REFILL_INTERVAL_DAYS)
  .max(MAX_REFILL_INTERVAL_DAYS);

/** GET GetARFElligibleOrders: paid order lines whose product refills and has no active refill. */
export const refillEligibleLine = z.object({
  orderId: z.string().uuid(),
  orderNumber: z.string().nullable(),
  productId: z.number().int(),
  displayName: z.string(),
  qty: z.number().int(),
  intervalDays: z.number().int(),
});
export const refillEligibleData = z.array(refillEligibleLine);
export type RefillEligibleLine = z.infer<typeof refillEligibleLine>;

/** POST ActivateAutoRefillForProduct. Card, address and method default to the order's. */
export const activateAutoRefillRequest = z
  .object({
    orderId: z.string().uuid(),
    productId,
    intervalDays: intervalDays.optional(),
    cardId: z.string().uuid().optional(),
    addressId: z.string().uuid().optional(),
    shippingMethodId: shippingMethodId.optional(),
  })
  .strict();
export type ActivateAutoRefillRequest = z.output<typeof activateAutoRefillRequest>;

/** POST DeactivateAutoRefillForProduct: by refill id, or the caller's active refill of a product. */
export const deactivateAutoRefillRequest = z
  .object({ autoRefillId: z.string().uuid().optional(), productId: productId.optional() })
  .strict()
  .refine((v) => (v.autoRefillId === undefined) !== (v.productId === undefined), {
    message: 'Send either autoRefillId or productId.',
    path: ['autoRefillId'],
  });
export type DeactivateAutoRefillRequest = z.output<typeof deactivateAutoRefillRequest>;

/** POST UpdateShipSettings: where, how and when the next refill goes. */
export const updateShipSettingsRequest = z
  .object({
    autoRefillId: z.string().uuid(),
    addressId: z.string().uuid().optional(),
    shippingMethodId: shippingMethodId.optional(),
    intervalDays: intervalDays.optional(),
    /** The saved card the next refills are paid with. */
    cardId: z.string().uuid().optional(),
    /** ISO date-time, in the future. */
    nextRunAt: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();
export type UpdateShipSettingsRequest = z.output<typeof updateShipSettingsRequest>;

/** POST PauseAutoRefill (ours): pause an active refill, or resume it. */
export const pauseAutoRefillRequest = z
  .object({ autoRefillId: z.string().uuid(), paused: z.boolean() })
  .strict();
export type PauseAutoRefillRequest = z.output<typeof pauseAutoRefillRequest>;

export const autoRefillStorefrontParams = z.object({ storefrontId: storefrontIdField }).strict();

export const autoRefillData = z.object({
  autoRefillId: z.string().uuid(),
  sourceOrderId: z.string().uuid(),
  sourceOrderNumber: z.string().nullable(),
  storefrontId: z.number().int(),
  productId: z.number().int(),
  displayName: z.string(),
  thumbnail: z.string().nullable(),
  qty: z.number().int(),
  intervalDays: z.number().int(),
  active: z.boolean(),
  /** Paused refills keep their settings and are skipped until resumed. */
  pausedAt: z.string().nullable(),
  nextRunAt: z.string(),
  lastRunAt: z.string().nullable(),
  /** 'placed', or 'declined: <message>' / 'failed: <reason>' after the last run. */
  lastResult: z.string().nullable(),
  card: z.object({ cardId: z.string().uuid(), brand: z.string(), last4: z.string() }).nullable(),
  addressId: z.string().uuid().nullable(),
  shipTo: addressData.nullable(),
  shippingMethodId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type AutoRefillData = z.infer<typeof autoRefillData>;
export const autoRefillList = z.array(autoRefillData);

/** What one pass of the refill job did. */
export const refillRunSummary = z.object({
  placed: z.number().int(),
  declined: z.number().int(),
  failed: z.number().int(),
  runs: z.array(
    z.object({
      autoRefillId: z.string().uuid(),
      dueAt: z.string(),
      status: z.enum(['placed', 'declined', 'failed']),
      orderId: z.string().uuid().nullable(),
      detail: z.string().nullable(),
    }),
  ),
});
export type RefillRunSummary = z.infer<typeof refillRunSummary>;
