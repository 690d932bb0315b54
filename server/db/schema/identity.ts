import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { type Role, roles } from '../../../shared/contracts/auth';
import { storefronts } from './platform';

export { type Role, roles };

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    dateOfBirth: date('date_of_birth'),
    role: text('role', { enum: roles }).notNull().default('patient'),
    storefrontId: integer('storefront_id')
      .notNull()
      .references(() => storefronts.id),
    /** The ECP who registered this patient through the intake path. */
    registeredByEcpId: uuid('registered_by_ecp_id'),
    /** Random, unguessable id carried by an ECP's invitation link. */
    intakePeopleId: text('intake_people_id'),
    intakeStatus: text('intake_status', { enum: ['invited', 'registered', 'ordered'] }),
    /** An ECP's invitation can be used until then. */
    intakeExpiresAt: timestamp('intake_expires_at', { withTimezone: true }),
    /** An ECP's practice and National Provider Identifier (shown as the patient's prescriber). */
    practiceName: text('practice_name'),
    npi: text('npi'),
    signupSource: text('signup_source', {
      enum: ['web', 'otp', 'join-the-movement', 'ecp-intake', 'staff', 'seed'],
    })
      .notNull()
      .default('web'),
    /** The patient as a customer of the payment gateway (Stripe's cus_...), once a card is saved. */
    gatewayCustomerId: text('gateway_customer_id'),
    landingPage: text('landing_page'),
    redirectPage: text('redirect_page'),
    passwordUpdatedAt: timestamp('password_updated_at', { withTimezone: true }),
    // When the account's owner proved the email (a passcode or a link sent to it). Null for an
    // account made by registration or by staff until then: whoever made it may not own the
    // address. Accounts made before this column existed count as proven at its migration.
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }).defaultNow(),
    failedLogins: integer('failed_logins').notNull().default(0),
    // Failed password sign-ins since the last success, never reset by a lock's end: at 100
    // the password stops working until a passcode sign-in or a reset (NIST SP 800-63B 5.2.2).
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * "My medications" (null: never said; []: not taking any), kept with the questionnaire's
     * medication answers (server/modules/profile/medications.ts).
     */
    medications: jsonb('medications').$type<string[]>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    uniqueIndex('users_intake_people_id_unique').on(t.intakePeopleId),
    index('users_registered_by_ecp_idx').on(t.registeredByEcpId, t.createdAt),
  ],
);

/** Opaque bearer tokens, stored as SHA-256 hashes; revocable, with idle and absolute limits. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    kind: text('kind', { enum: ['user', 'guest'] }).notNull(),
    userId: uuid('user_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    idleTimeoutSeconds: integer('idle_timeout_seconds').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
  },
  (t) => [
    uniqueIndex('auth_tokens_hash_unique').on(t.tokenHash),
    index('auth_tokens_user_idx').on(t.userId),
  ],
);

/** One-time sign-in passcodes: only the hash is kept; 10 minutes, single use, 5 tries. */
export const loginPasscodes = pgTable(
  'login_passcodes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    codeHash: text('code_hash').notNull(),
    channels: text('channels').notNull(),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    failedAttempts: integer('failed_attempts').notNull().default(0),
  },
  (t) => [
    index('login_passcodes_user_idx').on(t.userId, t.createdAt),
    index('login_passcodes_ip_idx').on(t.ip, t.createdAt),
  ],
);

/**
 * Codes that prove an email before an account is made with it (registration, issue 16: an
 * account holds cards, addresses or health data only once its email is proven). Only the hash
 * is kept; 10 minutes, single use, 5 tries, as the sign-in passcodes.
 */
export const registrationCodes = pgTable(
  'registration_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    failedAttempts: integer('failed_attempts').notNull().default(0),
  },
  (t) => [index('registration_codes_email_idx').on(t.email, t.createdAt)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('password_resets_hash_unique').on(t.tokenHash)],
);

/**
 * Every sign-in attempt by any path (password, passcode, reset, guest token): the shared store
 * behind the per-IP and per-account throttles, so several server processes count together.
 */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    method: text('method', {
      enum: [
        'password',
        'passcode',
        'passcode-send',
        'reset',
        'reset-use',
        'guest',
        'guest-issued',
        'registration',
        'registration-code',
        'registration-code-use',
        'card-decline',
      ],
    }).notNull(),
    ip: text('ip'),
    account: text('account'),
    success: boolean('success').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('auth_attempts_ip_idx').on(t.ip, t.at),
    index('auth_attempts_account_idx').on(t.account, t.at),
  ],
);
