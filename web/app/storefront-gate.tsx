import { useQuery } from '@tanstack/react-query';
import { type ReactNode, use, useRef } from 'react';
import { useApiClient } from '../../renderer/app/api-context';
import { publicConfigQuery } from '../../renderer/features/checkout/use-public-config';
import { defaultThemeConfig } from '../../shared/theme/theme-defaults';
import { BootSplash } from './boot-splash';
import { type Storefront, StorefrontProvider } from './storefront-context';
import { fallbackStorefrontId } from './web-env';

/**
 * The theme merge validates every value with zod: its chunk is fetched while the config is on
 * its way, so neither waits for the other and the first bundle carries no zod.
 */
const themeMerge = import('../../shared/theme/merge-theme-config');

/**
 * Renders the app once the storefront's public config is read (or could not be: then the
 * defaults, and the connection notice). The first answer is kept for the page's life, so a
 * cache reset at sign-in or logout never blanks the screen. Suspends until the merge is loaded.
 */
export function StorefrontGate({ children }: { children: (storefront: Storefront) => ReactNode }) {
  const config = useQuery(publicConfigQuery(useApiClient()));
  const { mergeThemeConfig } = use(themeMerge);
  const kept = useRef<Storefront | null>(null);
  if (!kept.current) {
    if (config.data) {
      kept.current = {
        id: config.data.storefrontId,
        theme: mergeThemeConfig(defaultThemeConfig, config.data.theme),
        settings: config.data.applicationSettings,
        phone: config.data.phone,
        email: config.data.email,
      };
    } else if (config.isError) {
      kept.current = {
        id: fallbackStorefrontId,
        theme: defaultThemeConfig,
        settings: null,
        phone: null,
        email: null,
      };
    }
  }
  const storefront = kept.current;
  if (!storefront) return <BootSplash />;
  return <StorefrontProvider storefront={storefront}>{children(storefront)}</StorefrontProvider>;
}
