import { catalogElementId, publicConfigElementId } from '../../shared/api/embedded-page-data';
import type { ProductData } from '../../shared/contracts/catalog';
import type { PublicConfigData } from '../../shared/contracts/config';

interface PageDocument {
  getElementById(id: string): { textContent: string | null } | null;
}

/** The JSON in the page's element of that id; undefined when there is none or it is not JSON. */
function embeddedJson(document: PageDocument, id: string): unknown {
  const text = document.getElementById(id)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object';

/**
 * The public config the page's HTML came with (shared/api/embedded-page-data.ts), or null when
 * it has none (a build served as it is, a storefront that could not be read) or it cannot be
 * read: the app then asks for it.
 */
export function embeddedPublicConfig(document: PageDocument): PublicConfigData | null {
  const value = embeddedJson(document, publicConfigElementId);
  return isObject(value) && typeof value.storefrontId === 'number'
    ? (value as unknown as PublicConfigData)
    : null;
}

/** The catalog the home page's HTML came with, or null (the app then asks for it). */
export function embeddedCatalog(document: PageDocument): ProductData[] | null {
  const value = embeddedJson(document, catalogElementId);
  return Array.isArray(value) &&
    value.every((product) => isObject(product) && typeof product.productId === 'number')
    ? (value as ProductData[])
    : null;
}
