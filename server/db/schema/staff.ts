import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity';
import { orders } from './orders';

/**
 * A link a phone agent sends to a patient (SMS or email) to pay an order themselves; paying it
 * completes the order. Only the token's hash is kept; it works once and expires.
 */
export const paymentLinks = pgTable(
  'payment_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    tokenHash: text('token_hash').notNull(),
    channel: text('channel', { enum: ['sms', 'email'] }).notNull(),
    sentTo: text('sent_to').notNull(),
    createdByAgentId: uuid('created_by_agent_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_links_token_unique').on(t.tokenHash),
    index('payment_links_order_idx').on(t.orderId),
  ],
);

/** A staff member's saved order-lookup views (filters, sort, columns) of the console table. */
export const staffSavedViews = pgTable(
  'staff_saved_views',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    view: jsonb('view').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_saved_views_name_unique').on(t.userId, t.name)],
);
