import { asc, eq } from 'drizzle-orm';
import {
  type ApplicationSettingsData,
  applicationSettingKeys,
  type ConsentData,
  type TaxSettingsData,
} from '../../../shared/contracts/config';
import type { PublicThemeConfig } from '../../../shared/theme/public-theme-config-schema';
import type { DbOrTx } from '../../db/client';
import { consents, storefronts } from '../../db/schema/platform';
import { publicThemeOf } from './public-theme';

/** One storefront's settings, read from the database and normalised to the contracts' shapes. */
export interface StorefrontSettings {
  id: number;
  name: string;
  phone: string;
  email: string;
  theme: PublicThemeConfig;
  applicationSettings: ApplicationSettingsData;
  taxSettings: TaxSettingsData;
  consents: ConsentData[];
}

const stateCode = /^[A-Z]{2}$/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A switch that is missing or not a boolean is off: the stored JSON is not trusted blindly. */
function applicationSettingsOf(raw: unknown): ApplicationSettingsData {
  const source = isRecord(raw) ? raw : {};
  return Object.fromEntries(
    applicationSettingKeys.map((key) => [key, source[key] === true]),
  ) as ApplicationSettingsData;
}

/** Rates that are not whole basis points between 0 and 100 % are dropped, not served. */
function taxSettingsOf(raw: unknown): TaxSettingsData {
  const source = isRecord(raw) ? raw : {};
  const rates = isRecord(source.rateBasisPointsByState) ? source.rateBasisPointsByState : {};
  const rateBasisPointsByState: Record<string, number> = {};
  for (const [state, rate] of Object.entries(rates)) {
    if (
      stateCode.test(state) &&
      Number.isInteger(rate) &&
      (rate as number) >= 0 &&
      (rate as number) <= 10_000
    ) {
      rateBasisPointsByState[state] = rate as number;
    }
  }
  return {
    isSalesTaxEnabled: source.isSalesTaxEnabled === true,
    rateBasisPointsByState,
    taxShipping: source.taxShipping === true,
  };
}

/** Null when there is no such storefront. */
export async function loadStorefrontSettings(
  db: DbOrTx,
  id: number,
): Promise<StorefrontSettings | null> {
  const [row] = await db.select().from(storefronts).where(eq(storefronts.id, id)).limit(1);
  if (!row) return null;
  const consentRows = await db
    .select()
    .from(consents)
    .where(eq(consents.storefrontId, id))
    .orderBy(asc(consents.sortOrder), asc(consents.id));
  return {
    id: row.id,
    name: row.name,
    phone: row.phone,
    email: row.email,
    theme: publicThemeOf(row.theme),
    applicationSettings: applicationSettingsOf(row.applicationSettings),
    taxSettings: taxSettingsOf(row.taxSettings),
    consents: consentRows.map((c) => ({
      id: c.id,
      title: c.title,
      body: c.body,
      version: c.version,
      required: c.required,
    })),
  };
}
