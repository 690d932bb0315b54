import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ErrorKind } from '../../../shared/errors/app-error';
import { type OrderStatus, orderStatuses } from '../../../shared/orders/statuses';
import { doctorSlots, doctors, pharmacies, shippingMethods } from './care-network';
import { products } from './catalog';
import { authTokens, users } from './identity';
import { storefronts } from './platform';

// The statuses are shared/orders/statuses.ts's; the allowed moves are order-status.ts's.
export { type OrderStatus, orderStatuses };

export const orderNumberSequence = pgSequence('order_number_seq', { startWith: 100001 });

export interface AddressSnapshot {
  fullName: string;
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  zip: string;
  phone: string | null;
}

/**
 * An order is the cart until it is paid. A guest's order belongs to the guest token that made
 * it (userId null) until the guest signs in or registers, when it moves to the user.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNumber: text('order_number'),
    storefrontId: integer('storefront_id')
      .notNull()
      .references(() => storefronts.id),
    userId: uuid('user_id').references(() => users.id),
    guestTokenId: uuid('guest_token_id').references(() => authTokens.id),
    sessionGuid: text('session_guid'),
    status: text('status', { enum: orderStatuses }).notNull().default('cart'),
    /** The agent who placed a phone order. */
    placedByAgentId: uuid('placed_by_agent_id').references(() => users.id),
    source: text('source', { enum: ['web', 'phone', 'refill', 'reorder'] })
      .notNull()
      .default('web'),
    shippingAddressId: uuid('shipping_address_id'),
    shippingAddress: jsonb('shipping_address').$type<AddressSnapshot>(),
    shippingMethodId: integer('shipping_method_id').references(() => shippingMethods.id),
    pharmacyId: integer('pharmacy_id').references(() => pharmacies.id),
    doctorId: integer('doctor_id').references(() => doctors.id),
    slotId: integer('slot_id').references(() => doctorSlots.id),
    visitType: integer('visit_type'),
    couponCode: text('coupon_code'),
    subtotalCents: integer('subtotal_cents').notNull().default(0),
    consultFeeCents: integer('consult_fee_cents').notNull().default(0),
    discountCents: integer('discount_cents').notNull().default(0),
    salesTaxCents: integer('sales_tax_cents').notNull().default(0),
    shippingCents: integer('shipping_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_number_unique').on(t.orderNumber),
    index('orders_user_idx').on(t.userId, t.createdAt),
    index('orders_guest_token_idx').on(t.guestTokenId),
    // At most one open cart per user.
    uniqueIndex('orders_one_cart_per_user')
      .on(t.userId)
      .where(sql`${t.status} = 'cart' and ${t.userId} is not null`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    qty: integer('qty').notNull(),
    /** Prices as charged: taken from the catalog when the order is paid. */
    unitPriceCents: integer('unit_price_cents').notNull(),
    consultFeeCents: integer('consult_fee_cents').notNull().default(0),
    checkoutStages: integer('checkout_stages').notNull(),
    completedCheckoutStages: integer('completed_checkout_stages').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('order_items_product_unique').on(t.orderId, t.productId)],
);

/** The consult questionnaire's answers, per order item. */
export const questionnaireAnswers = pgTable(
  'questionnaire_answers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    questionCode: text('question_code').notNull(),
    answer: jsonb('answer').$type<unknown>().notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('questionnaire_answers_unique').on(t.orderItemId, t.questionCode)],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actorId: uuid('actor_id'),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.id)],
);

export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    fullName: text('full_name').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    phone: text('phone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /** The address a new order starts with; at most one per patient. */
    isDefault: boolean('is_default').notNull().default(false),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId, t.lastUsedAt),
    uniqueIndex('addresses_one_default')
      .on(t.userId)
      .where(sql`${t.isDefault} and ${t.removedAt} is null`),
  ],
);

export const promoCodes = pgTable('promo_codes', {
  code: text('code').primaryKey(),
  storefrontId: integer('storefront_id')
    .notNull()
    .references(() => storefronts.id),
  kind: text('kind', { enum: ['percent', 'fixed'] }).notNull(),
  /** Percent in basis points (1000 = 10 %) or a fixed amount in cents. */
  value: integer('value').notNull(),
  minOrderCents: integer('min_order_cents').notNull().default(0),
  /** When set, the code applies only to these products. */
  productIds: jsonb('product_ids').$type<number[] | null>(),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  maxUses: integer('max_uses'),
  uses: integer('uses').notNull().default(0),
});

/** One redemption per paid order; the unique index and the row lock keep usage caps exact. */
export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    code: text('code')
      .notNull()
      .references(() => promoCodes.code),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('promo_redemptions_order_unique').on(t.orderId)],
);

/** Saved cards: only the gateway's token, brand, last 4 and expiry; never the number or CVC. */
export const cards = pgTable(
  'cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    gatewayToken: text('gateway_token').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    holderName: text('holder_name'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [index('cards_user_idx').on(t.userId)],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    cardId: uuid('card_id').references(() => cards.id),
    // The card's brand and last 4 as charged: a one-time card (read over the phone, or a guest's
    // unsaved card) has no cards row, and the order and its receipt still name it.
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    amountCents: integer('amount_cents').notNull(),
    // 'pending': committed before the gateway is called, so a crash leaves a trace to settle.
    status: text('status', { enum: ['pending', 'succeeded', 'failed', 'refunded'] }).notNull(),
    gateway: text('gateway').notNull(),
    gatewayChargeId: text('gateway_charge_id'),
    declineCode: text('decline_code'),
    // The key the gateway charges under (`payment:<id>`): a retry or a takeover looks the
    // charge up by it, or charges with it again, and the gateway charges at most once.
    gatewayKey: text('gateway_key'),
    // What a pending payment needs to be settled by another process: the token charged (a
    // gateway reference, never card data), whether to save the card, and who paid.
    gatewayToken: text('gateway_token'),
    saveCard: boolean('save_card').notNull().default(false),
    holderName: text('holder_name'),
    cardExpMonth: integer('card_exp_month'),
    cardExpYear: integer('card_exp_year'),
    actorId: uuid('actor_id'),
    // The client's idempotency key (scoped): its retry is answered with this payment.
    requestKey: text('request_key'),
    // While pending: until when its process holds it (renewed while it runs); past it, the
    // process is taken for dead and any retry settles the payment.
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    uniqueIndex('payments_gateway_key_unique').on(t.gatewayKey),
    // One payment on its way per order at a time.
    uniqueIndex('payments_one_pending_per_order').on(t.orderId).where(sql`${t.status} = 'pending'`),
    // An order is charged successfully at most once.
    uniqueIndex('payments_one_success_per_order')
      .on(t.orderId)
      .where(sql`${t.status} = 'succeeded'`),
  ],
);

/**
 * Idempotency keys (Stripe semantics): the same key and body returns the first answer, another
 * body 422, a retry while the first still runs 409. Kept at least 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    state: text('state', { enum: ['running', 'done'] }).notNull(),
    // What the request's first run gave: the service's result, or the final error it threw.
    result: jsonb('result').$type<unknown>(),
    failure: jsonb('failure').$type<{ kind: ErrorKind; message: string }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // Renewed by the process running the request; a running key whose heartbeat stopped
    // belongs to a dead process and is taken over.
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_unique').on(t.scope, t.key),
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);

export const autoRefills = pgTable(
  'auto_refills',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    sourceOrderId: uuid('source_order_id')
      .notNull()
      .references(() => orders.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    qty: integer('qty').notNull(),
    intervalDays: integer('interval_days').notNull(),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
    cardId: uuid('card_id').references(() => cards.id),
    addressId: uuid('address_id').references(() => addresses.id),
    shippingMethodId: integer('shipping_method_id').references(() => shippingMethods.id),
    active: boolean('active').notNull().default(true),
    /** Paused (by the patient, or an agent for a caller): the job skips it until resumed. */
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    lastRunAt: timestamp('last_run_at', { withTimezone: true }),
    lastResult: text('last_result'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('auto_refills_due_idx').on(t.active, t.nextRunAt),
    uniqueIndex('auto_refills_one_per_product').on(t.userId, t.productId).where(sql`${t.active}`),
  ],
);

/** One row per refill due date: the unique index makes each due refill run exactly once. */
export const refillRuns = pgTable(
  'refill_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    autoRefillId: uuid('auto_refill_id')
      .notNull()
      .references(() => autoRefills.id),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    orderId: uuid('order_id').references(() => orders.id),
    status: text('status', { enum: ['placed', 'declined', 'failed'] }).notNull(),
    detail: text('detail'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('refill_runs_once').on(t.autoRefillId, t.dueAt)],
);

/**
 * The sandbox gateway's ledger (server/integrations/payments/sandbox-gateway.ts): its charges
 * outlive a server process, like a real gateway's, so a charge can be looked up by its
 * idempotency key after a crash and a key never charges twice across processes.
 */
/** The gateway's webhook events already handled (Stripe resends an event until it is answered). */
export const gatewayEvents = pgTable('gateway_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sandboxCharges = pgTable(
  'sandbox_charges',
  {
    idempotencyKey: text('idempotency_key').primaryKey(),
    /** The token and amount charged: the same key with others is refused, as Stripe does. */
    fingerprint: text('fingerprint').notNull(),
    chargeId: text('charge_id'),
    declineCode: text('decline_code'),
    message: text('message'),
    amountCents: integer('amount_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('sandbox_charges_charge_unique').on(t.chargeId)],
);
