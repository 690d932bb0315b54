import { catalogElementId, publicConfigElementId } from '../../../shared/api/embedded-page-data';
import type { ThemeConfig } from '../../../shared/theme/theme-config';
import type { Database } from '../../db/client';
import { productsWithConsultPrice } from '../catalog/service';
import { publicConfig } from '../config/service';
import { embeddedDataTag } from './embedded-data-tag';
import { storefrontTheme } from './home-page';

/** What the patient app's pages are drawn with: the storefront's theme and answers. */
export interface PageStorefront {
  /** The theme merged over the defaults (the home page's top is drawn in it). */
  theme: ThemeConfig;
  /** The public config's element, which every page's HTML carries (embedded-data-tag.ts). */
  configTag: string;
  /** The catalog's element, which the home page's HTML alone carries ('' for another page). */
  catalogTag: string;
}

/**
 * The storefront's, from the storefront and catalog caches (the catalog read for the home page
 * only); null when it does not exist.
 */
export async function pageStorefront(
  database: Database,
  storefrontId: number,
  home: boolean,
): Promise<PageStorefront | null> {
  const theme = await storefrontTheme(database, storefrontId);
  if (!theme) return null;
  const [config, catalog] = await Promise.all([
    publicConfig(database, storefrontId),
    home ? productsWithConsultPrice(database, storefrontId) : null,
  ]);
  return {
    theme,
    configTag: embeddedDataTag(publicConfigElementId, config),
    catalogTag: catalog ? embeddedDataTag(catalogElementId, catalog) : '',
  };
}
