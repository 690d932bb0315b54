import type { ThemeConfig } from '../../../shared/theme/theme-config';
import type { Database } from '../../db/client';
import { publicConfig } from '../config/service';
import { storefrontTheme } from './home-page';
import { publicConfigTag } from './public-config-tag';

/** What the patient app's pages are drawn with: the storefront's theme and public config. */
export interface PageStorefront {
  /** The theme merged over the defaults (the home page's top is drawn in it). */
  theme: ThemeConfig;
  /** The public config's element, which every page's HTML carries (public-config-tag.ts). */
  configTag: string;
}

/** The storefront's, from the storefront cache; null when it does not exist. */
export async function pageStorefront(
  database: Database,
  storefrontId: number,
): Promise<PageStorefront | null> {
  const theme = await storefrontTheme(database, storefrontId);
  if (!theme) return null;
  return { theme, configTag: publicConfigTag(await publicConfig(database, storefrontId)) };
}
