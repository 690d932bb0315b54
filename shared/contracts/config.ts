import { z } from 'zod';
import { publicThemeConfigSchema } from '../theme/public-theme-config-schema';

/**
 * The config family of spec §7 (Storefront/GetPhoneAndEmail, Storefront/GetTaxSettings,
 * Storefront/{id}/applicationsettings, v1/consents) and our runtime public config, all under
 * the config-service base. Callers are anonymous apps sending the api-key header (mode 3).
 */

/** Storefront ids are PostgreSQL integers: anything larger is refused before reaching SQL. */
export const MAX_STOREFRONT_ID = 2_147_483_647;

const storefrontIdNumber = z.number().int().positive().max(MAX_STOREFRONT_ID);

/** In a query string or a path: decimal digits only (no signs, exponents or spaces). */
export const storefrontIdText = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/)
  .transform(Number)
  .pipe(storefrontIdNumber);

/** In a JSON body: a number, or the same digits as a string (clients send either). */
export const storefrontIdJson = z.union([storefrontIdNumber, storefrontIdText]);

/** GET Storefront/GetPhoneAndEmail?storefrontId= */
export const phoneAndEmailQuery = z.object({ storefrontId: storefrontIdText }).strict();
export const phoneAndEmailData = z.object({ phone: z.string(), email: z.string() });
export type PhoneAndEmailData = z.infer<typeof phoneAndEmailData>;

/** POST Storefront/GetTaxSettings with { storefrontId } (spec §7). */
export const taxSettingsRequest = z.object({ storefrontId: storefrontIdJson }).strict();
export const taxSettingsData = z.object({
  isSalesTaxEnabled: z.boolean(),
  /** Sales tax by two-letter shipping state, in basis points (725 = 7.25 %). */
  rateBasisPointsByState: z.record(z.string(), z.number().int().min(0).max(10_000)),
  /** Whether shipping is part of the taxable amount. */
  taxShipping: z.boolean(),
});
export type TaxSettingsData = z.infer<typeof taxSettingsData>;

/** GET or POST Storefront/{storefrontId}/applicationsettings; the id is in the path. */
export const applicationSettingsParams = z.object({ storefrontId: storefrontIdText }).strict();
/** POST carries nothing the path does not already say: no body, or an empty object. */
export const applicationSettingsBody = z.object({}).strict().nullish();

export const applicationSettingKeys = [
  'PharmacyChoice',
  'HideBMI',
  'ShowPreQuestionnairePage',
  'ShowPreShippingPage',
  'ShowPreDoctorConfirmationPage',
  'ShowPreSchedulingPage',
  'ShowGreetingPage',
  'ShowPrePaymentPage',
] as const;
export type ApplicationSettingKey = (typeof applicationSettingKeys)[number];

export const applicationSettingsData = z.object(
  Object.fromEntries(applicationSettingKeys.map((key) => [key, z.boolean()])) as Record<
    ApplicationSettingKey,
    z.ZodBoolean
  >,
);
export type ApplicationSettingsData = z.infer<typeof applicationSettingsData>;

/** POST v1/consents with { StorefrontId } (the spec's casing). */
export const consentsRequest = z.object({ StorefrontId: storefrontIdJson }).strict();
export const consentData = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  version: z.number().int(),
  required: z.boolean(),
});
export const consentsData = z.array(consentData);

/** POST v1/consents/accept (ours): the consents the patient accepts, each at the version read. */
export const acceptConsentsRequest = z
  .object({
    StorefrontId: storefrontIdJson,
    consents: z
      .array(z.object({ consentId: z.string().max(64), version: z.number().int().min(1) }).strict())
      .min(1)
      .max(20),
  })
  .strict();
export type AcceptConsentsRequest = z.output<typeof acceptConsentsRequest>;

/** What the patient accepted: each consent's latest accepted version and when. */
export const acceptedConsentsData = z.array(
  z.object({ consentId: z.string(), version: z.number().int(), acceptedAt: z.string() }),
);
export type AcceptedConsentsData = z.infer<typeof acceptedConsentsData>;
export const acceptedConsentsQuery = z.object({ storefrontId: storefrontIdText }).strict();
export type ConsentData = z.infer<typeof consentData>;

/** GET public?storefrontId= (ours); without an id, the server's own storefront. */
export const publicConfigQuery = z.object({ storefrontId: storefrontIdText.optional() }).strict();

/** The runtime public config the apps merge over their defaults (spec §3, mergeThemeConfig). */
export const publicConfigData = z.object({
  storefrontId: z.number().int(),
  theme: publicThemeConfigSchema,
  applicationSettings: applicationSettingsData,
  phone: z.string(),
  email: z.string(),
});
export type PublicConfigData = z.infer<typeof publicConfigData>;
