import type {
  ApplicationSettingsData,
  ConsentData,
  PhoneAndEmailData,
  PublicConfigData,
  TaxSettingsData,
} from '../../../shared/contracts/config';
import { fail } from '../../../shared/errors/app-error';
import type { Database } from '../../db/client';
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

const publicConfigs = new WeakMap<StorefrontSettings, Readonly<PublicConfigData>>();

/**
 * The public config: the same (frozen) object for as long as the storefront's settings stay
 * cached, so that its answer is written once (`sendUnchangedData`), not on every page load.
 */
export async function publicConfig(
  database: Database,
  id: number,
): Promise<Readonly<PublicConfigData>> {
  const settings = await storefront(database, id);
  let answer = publicConfigs.get(settings);
  if (!answer) {
    answer = Object.freeze({
      storefrontId: settings.id,
      theme: settings.theme,
      applicationSettings: settings.applicationSettings,
      phone: settings.phone,
      email: settings.email,
    });
    publicConfigs.set(settings, answer);
  }
  return answer;
}
