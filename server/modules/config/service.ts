import type {
  ApplicationSettingsData,
  ConsentData,
  PhoneAndEmailData,
  PublicConfigData,
  TaxSettingsData,
} from '../../../shared/contracts/config';
import { fail } from '../../../shared/errors/app-error';
import type { Database } from '../../db/client';
import { builtOncePer } from '../../lib/built-once';
import { cachedStorefrontSettings } from './storefront-cache';
import type { StorefrontSettings } from './storefront-settings';

/** An unknown storefront is a 404 (DESIGN §3). */
async function storefront(database: Database, id: number): Promise<StorefrontSettings> {
  const settings = await cachedStorefrontSettings(database, id);
  if (!settings) throw fail.notFound();
  return settings;
}

export async function phoneAndEmail(database: Database, id: number): Promise<PhoneAndEmailData> {
  const { phone, email } = await storefront(database, id);
  return { phone, email };
}

export async function taxSettings(database: Database, id: number): Promise<TaxSettingsData> {
  return (await storefront(database, id)).taxSettings;
}

export async function applicationSettings(
  database: Database,
  id: number,
): Promise<ApplicationSettingsData> {
  return (await storefront(database, id)).applicationSettings;
}

/** Sorted by the storefront's own order, then id. */
export async function storefrontConsents(database: Database, id: number): Promise<ConsentData[]> {
  return (await storefront(database, id)).consents;
}

/** One answer per cached storefront, written once by its route (`sendUnchangedData`). */
const publicConfigOf = builtOncePer(
  (settings: StorefrontSettings): PublicConfigData => ({
    storefrontId: settings.id,
    theme: settings.theme,
    applicationSettings: settings.applicationSettings,
    phone: settings.phone,
    email: settings.email,
  }),
);

/** The public config that every page load asks for. */
export async function publicConfig(
  database: Database,
  id: number,
): Promise<Readonly<PublicConfigData>> {
  return publicConfigOf(await storefront(database, id));
}
