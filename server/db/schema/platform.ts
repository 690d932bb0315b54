import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const storefronts = pgTable('storefronts', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  phone: text('phone').notNull(),
  email: text('email').notNull(),
  theme: jsonb('theme').$type<Record<string, unknown>>().notNull().default({}),
  applicationSettings: jsonb('application_settings')
    .$type<Record<string, unknown>>()
    .notNull()
    .default({}),
  taxSettings: jsonb('tax_settings').$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const consents = pgTable('consents', {
  id: text('id').primaryKey(),
  storefrontId: integer('storefront_id')
    .notNull()
    .references(() => storefronts.id),
  title: text('title').notNull(),
  body: text('body').notNull(),
  version: integer('version').notNull().default(1),
  required: boolean('required').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const usStates = pgTable('us_states', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
});

export const sessionGuids = pgTable('session_guids', {
  guid: uuid('guid').primaryKey().defaultRandom(),
  landingPage: text('landing_page').notNull(),
  redirectPage: text('redirect_page'),
  ip: text('ip'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Messages for people (passcodes, reset links, receipts). Delivered by SMTP when configured. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channel: text('channel', { enum: ['email', 'sms'] }).notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [index('outbox_recipient_idx').on(sql`lower(${t.recipient})`, t.id)],
);

/** Append-only: a trigger in the migrations refuses UPDATE and DELETE. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    actorRole: text('actor_role'),
    action: text('action').notNull(),
    subject: text('subject'),
    outcome: text('outcome', { enum: ['success', 'failure', 'denied'] }).notNull(),
    ip: text('ip'),
    requestId: text('request_id'),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
  },
  (t) => [index('audit_log_actor_idx').on(t.actorId, t.id), index('audit_log_at_idx').on(t.at)],
);

/**
 * The general request limit, shared by every server process on this database: per client key
 * and fixed window, how many requests have been handed out. Processes take allowance in small
 * batches (server/plugins/shared-rate-limit.ts), so the count never passes the limit.
 */
export const rateLimitWindows = pgTable(
  'rate_limit_windows',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    granted: integer('granted').notNull(),
    /** What the last taker got: the update computes it from the row before the change. */
    lastGrant: integer('last_grant').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** Which version of which consent a patient accepted, when and from where (kept, never edited). */
export const consentAcceptances = pgTable(
  'consent_acceptances',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').notNull(),
    consentId: text('consent_id')
      .notNull()
      .references(() => consents.id),
    version: integer('version').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip'),
  },
  (t) => [uniqueIndex('consent_acceptances_once').on(t.userId, t.consentId, t.version)],
);
