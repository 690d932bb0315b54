import { publicConfigElementId } from '../../shared/api/embedded-public-config';
import type { PublicConfigData } from '../../shared/contracts/config';

/**
 * The public config the page's HTML came with (shared/api/embedded-public-config.ts), or null
 * when it has none (a build served as it is, a storefront that could not be read) or it cannot
 * be read: the app then asks for it.
 */
export function embeddedPublicConfig(document: {
  getElementById(id: string): { textContent: string | null } | null;
}): PublicConfigData | null {
  const text = document.getElementById(publicConfigElementId)?.textContent;
  if (!text) return null;
  try {
    const value = JSON.parse(text) as PublicConfigData | null;
    return value && typeof value === 'object' && typeof value.storefrontId === 'number'
      ? value
      : null;
  } catch {
    return null;
  }
}
