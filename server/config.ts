import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import type { S3Settings } from './integrations/files/s3-file-store';

const booleanish = z
  .enum(['true', 'false', '1', '0', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1');

const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

/** Every setting the server reads, validated once at start (DESIGN §8). */
const configSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    STOREFRONT_DEV_MODE: booleanish,
    API_DOCS: z.enum(['true', 'false', '1', '0']).optional(),
    HOST: z.string().default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    FILES_DIR: z.string().optional(),
    S3_BUCKET: z.string().min(3).max(63).optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ENDPOINT: z.string().url().optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: booleanish,
    S3_PREFIX: z.string().max(200).default(''),
    DATA_DIR: z.string().default('data'),
    DATABASE_URL: z.string().url().optional(),
    PUBLIC_URL: z.string().url().optional(),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    API_KEY: z.string().min(16).optional(),
    GUEST_CLIENT_ID: z.string().min(1).optional(),
    GUEST_CLIENT_SECRET: z.string().min(16).optional(),
    SERVER_SECRET: z.string().min(32).optional(),
    PAYMENT_GATEWAY: z.enum(['sandbox', 'stripe']).default('sandbox'),
    STRIPE_SECRET_KEY: z
      .string()
      .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/)
      .optional(),
    STRIPE_PUBLISHABLE_KEY: z
      .string()
      .regex(/^pk_(test|live)_[A-Za-z0-9]{8,}$/)
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .regex(/^whsec_[A-Za-z0-9+/=]{8,}$/)
      .optional(),
    STRIPE_API_URL: z.string().url().optional(),
    SANDBOX_GATEWAY_LATENCY_MS: z.coerce.number().int().min(0).max(10_000).default(0),
    SMTP_URL: z.string().url().optional(),
    TWILIO_ACCOUNT_SID: z
      .string()
      .regex(/^AC[0-9a-fA-F]{32}$/)
      .optional(),
    TWILIO_AUTH_TOKEN: z.string().min(16).optional(),
    TWILIO_FROM: z
      .string()
      .regex(/^(\+\d{8,15}|MG[0-9a-fA-F]{32})$/)
      .optional(),
    TWILIO_API_URL: z.string().url().optional(),
    VISIT_STUN_URLS: list,
    VISIT_TURN_URLS: list,
    VISIT_TURN_SECRET: z.string().min(16).optional(),
    VISIT_TURN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3_600),
    MAIL_FROM: z.string().default('Storefront <no-reply@storefront.local>'),
    TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    CORS_ORIGINS: list,
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
    SEED_DEMO: booleanish,
    STOREFRONT_ID: z.coerce.number().int().positive().default(132),
    SIGN_IN_FAILURES_PER_IP: z.coerce.number().int().min(1).default(30),
    PASSCODE_SENDS_PER_IP: z.coerce.number().int().min(1).default(20),
    REGISTRATIONS_PER_IP: z.coerce.number().int().min(1).default(10),
    GUEST_TOKENS_PER_IP: z.coerce.number().int().min(1).default(60),
    CARD_DECLINES_PER_IP: z.coerce.number().int().min(1).default(10),
    AUTO_REFILL_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
    MIGRATE_ON_START: z.enum(['true', 'false', '1', '0']).default('true'),
    INSTANCE_NAME: z
      .string()
      .regex(/^[\w.-]{1,40}$/)
      .optional(),
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(600).default(25),
    WEB_APP_DIR: z.string().default('dist/web'),
    CONSOLE_APP_DIR: z.string().default('out/renderer'),
  })
  .superRefine((env, ctx) => {
    const issue = (path: string, message: string) =>
      ctx.addIssue({ code: 'custom', path: [path], message });
    const twilio = [env.TWILIO_ACCOUNT_SID, env.TWILIO_AUTH_TOKEN, env.TWILIO_FROM];
    if (twilio.some(Boolean) && !twilio.every(Boolean)) {
      issue(
        'TWILIO_ACCOUNT_SID',
        'TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM go together',
      );
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      issue('S3_ACCESS_KEY_ID', 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
    }
    if (env.VISIT_TURN_URLS.length > 0 !== Boolean(env.VISIT_TURN_SECRET)) {
      issue('VISIT_TURN_SECRET', 'VISIT_TURN_URLS and VISIT_TURN_SECRET go together');
    }
    if (
      env.PAYMENT_GATEWAY === 'stripe' &&
      !(env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY && env.STRIPE_WEBHOOK_SECRET)
    ) {
      issue(
        'STRIPE_SECRET_KEY',
        'PAYMENT_GATEWAY=stripe needs STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET',
      );
    }
    if (env.STOREFRONT_DEV_MODE) {
      if (env.NODE_ENV === 'production') issue('STOREFRONT_DEV_MODE', 'must be off in production');
      return;
    }
    // A server started bare is safe: without the explicit development switch it has no dev
    // keys, no demo accounts, no dev outbox, and no gateway that takes no money.
    for (const key of [
      'API_KEY',
      'GUEST_CLIENT_ID',
      'GUEST_CLIENT_SECRET',
      'SERVER_SECRET',
    ] as const) {
      if (!env[key])
        issue(key, 'required (the development defaults need STOREFRONT_DEV_MODE=true)');
    }
    if (env.PAYMENT_GATEWAY === 'sandbox') {
      issue(
        'PAYMENT_GATEWAY',
        'the sandbox approves any valid card number and takes no money: only with STOREFRONT_DEV_MODE=true',
      );
    }
  });

// Development defaults: fixed so that the demo and the tests work with no configuration, in
// development mode only; without it the server refuses to start without its own values.
const devApiKey = 'dev-api-key-0123456789abcdef';
const devGuestClientId = 'storefront-web';
const devGuestClientSecret = 'dev-guest-secret-0123456789';
const devServerSecret = 'dev-server-secret-not-for-production-0123456789';

export interface StripeSettings {
  secretKey: string;
  /** Given to the browsers, for Stripe's own card fields. */
  publishableKey: string;
  /** Checks the signature of the webhooks Stripe sends. */
  webhookSecret: string;
  /** Stripe's API elsewhere than api.stripe.com (a local server in tests). */
  apiUrl: string | null;
}

export interface IpLimits {
  /** Failed sign-ins (password, passcode, guest credentials, reset links) per 15 minutes. */
  signInFailures: number;
  /** Passcode and reset-link sends per hour (each is a message someone pays for). */
  sends: number;
  /** Accounts registered per hour. */
  registrations: number;
  /** Guest tokens issued per hour (each can hold visit slots). */
  guestTokens: number;
  /** Declined card payments per hour (card testing); per account too, per day. */
  cardDeclines: number;
}

export interface AppConfig {
  environment: 'development' | 'test' | 'production';
  /**
   * The explicit development switch (STOREFRONT_DEV_MODE=true, set by `npm start` and the
   * tests): dev default keys, demo accounts and promo codes, the dev outbox, the sandbox.
   */
  devMode: boolean;
  /** The OpenAPI document and its UI at /api/docs (API_DOCS; on in development mode). */
  apiDocs: boolean;
  host: string;
  port: number;
  dataDir: string;
  /** Where uploaded files are kept on the local disk (FILES_DIR, else DATA_DIR/files). */
  filesDir: string;
  /** An S3-compatible bucket for uploaded files instead of the disk (S3_BUCKET and S3_*). */
  s3: S3Settings | null;
  databaseUrl: string | null;
  publicUrl: string;
  logLevel: string;
  apiKey: string;
  guestClientId: string;
  guestClientSecret: string;
  /** Known to the servers only (never sent to a client): keys the request fingerprints. */
  serverSecret: string;
  /** The card processor: the built-in sandbox (development only) or Stripe. */
  paymentGateway: 'sandbox' | 'stripe';
  /** Stripe's keys when PAYMENT_GATEWAY=stripe (STRIPE_*); apiUrl only to test against a local server. */
  stripe: StripeSettings | null;
  /** How long the sandbox takes to answer a charge, like a real gateway (tests of crashes). */
  sandboxLatencyMs: number;
  smtpUrl: string | null;
  mailFrom: string;
  /** Text messages through Twilio when its settings are given; else they stay in the outbox. */
  twilio: {
    accountSid: string;
    authToken: string;
    from: string;
    apiUrl: string | null;
  } | null;
  /**
   * The ICE servers handed to a visit's two browsers (issue 12). With a TURN secret, each gets
   * short-lived TURN credentials in coturn's REST format (use-auth-secret).
   */
  visitIce: {
    stunUrls: string[];
    turnUrls: string[];
    turnSecret: string | null;
    turnTtlSeconds: number;
  };
  trustProxyHops: number;
  corsOrigins: string[];
  rateLimitPerMinute: number;
  seedDemoAccounts: boolean;
  storefrontId: number;
  /** Per client IP (server/modules/auth/throttle.ts); card declines per account too. */
  ipLimits: IpLimits;
  /** The dev outbox route exists only in development mode. */
  devOutbox: boolean;
  /** How often this process runs the auto-refill job; 0 turns it off here. */
  autoRefillIntervalSeconds: number;
  /** Built browser apps served by this server: the patient SPA at `/`, the console at `/console/`. */
  staticApps: { webDir: string; consoleDir: string };
  /**
   * Whether this process migrates and seeds at start. Replicas behind a balancer start with
   * it off, after one `npm run migrate`.
   */
  migrateOnStart: boolean;
  /** After SIGTERM, how long in-flight requests may take before connections are cut. */
  shutdownGraceSeconds: number;
  /** This replica's name, sent as `x-served-by` when set (to see the balancer at work). */
  instanceName: string | null;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const e = parsed.data;
  const devMode = e.STOREFRONT_DEV_MODE;
  return {
    environment: e.NODE_ENV,
    devMode,
    apiDocs: e.API_DOCS === undefined ? devMode : e.API_DOCS === 'true' || e.API_DOCS === '1',
    host: e.HOST,
    port: e.PORT,
    dataDir: e.DATA_DIR,
    filesDir: e.FILES_DIR ?? `${e.DATA_DIR}/files`,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT ?? null,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : null,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          prefix: e.S3_PREFIX,
        }
      : null,
    databaseUrl: e.DATABASE_URL ?? null,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    logLevel: e.LOG_LEVEL,
    apiKey: e.API_KEY ?? devApiKey,
    guestClientId: e.GUEST_CLIENT_ID ?? devGuestClientId,
    guestClientSecret: e.GUEST_CLIENT_SECRET ?? devGuestClientSecret,
    serverSecret: e.SERVER_SECRET ?? devServerSecret,
    paymentGateway: e.PAYMENT_GATEWAY,
    stripe:
      e.PAYMENT_GATEWAY === 'stripe' &&
      e.STRIPE_SECRET_KEY &&
      e.STRIPE_PUBLISHABLE_KEY &&
      e.STRIPE_WEBHOOK_SECRET
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiUrl: e.STRIPE_API_URL ?? null,
          }
        : null,
    sandboxLatencyMs: e.SANDBOX_GATEWAY_LATENCY_MS,
    smtpUrl: e.SMTP_URL ?? null,
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
        ? {
            accountSid: e.TWILIO_ACCOUNT_SID,
            authToken: e.TWILIO_AUTH_TOKEN,
            from: e.TWILIO_FROM,
            apiUrl: e.TWILIO_API_URL ?? null,
          }
        : null,
    mailFrom: e.MAIL_FROM,
    visitIce: {
      stunUrls: e.VISIT_STUN_URLS,
      turnUrls: e.VISIT_TURN_URLS,
      turnSecret: e.VISIT_TURN_SECRET ?? null,
      turnTtlSeconds: e.VISIT_TURN_TTL_SECONDS,
    },
    trustProxyHops: e.TRUST_PROXY_HOPS,
    corsOrigins: e.CORS_ORIGINS.length
      ? e.CORS_ORIGINS
      : [`http://localhost:${e.PORT}`, 'http://localhost:5173', 'app://console'],
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    seedDemoAccounts: devMode && (env.SEED_DEMO === undefined ? true : e.SEED_DEMO),
    storefrontId: e.STOREFRONT_ID,
    ipLimits: {
      signInFailures: e.SIGN_IN_FAILURES_PER_IP,
      sends: e.PASSCODE_SENDS_PER_IP,
      registrations: e.REGISTRATIONS_PER_IP,
      guestTokens: e.GUEST_TOKENS_PER_IP,
      cardDeclines: e.CARD_DECLINES_PER_IP,
    },
    devOutbox: devMode,
    autoRefillIntervalSeconds: e.AUTO_REFILL_INTERVAL_SECONDS,
    staticApps: { webDir: e.WEB_APP_DIR, consoleDir: e.CONSOLE_APP_DIR },
    migrateOnStart: e.MIGRATE_ON_START === 'true' || e.MIGRATE_ON_START === '1',
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    instanceName: e.INSTANCE_NAME ?? null,
  };
}

/**
 * A config for tests: development defaults plus the given overrides. Every test call comes
 * from 127.0.0.1, so the per-IP limits are raised; the throttling tests set their own.
 */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', STOREFRONT_DEV_MODE: 'true' }),
    ipLimits: {
      signInFailures: 10_000,
      sends: 10_000,
      registrations: 10_000,
      guestTokens: 10_000,
      cardDeclines: 10_000,
    },
    rateLimitPerMinute: 100_000,
    // Each test app its own folder, removed with the system's temporary files.
    filesDir: join(tmpdir(), `storefront-test-files-${randomUUID()}`),
    s3: null,
    ...overrides,
  };
}
