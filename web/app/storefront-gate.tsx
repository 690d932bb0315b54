import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useRef } from 'react';
import { useApiClient } from '../../renderer/app/api-context';
import { publicConfigQuery } from '../../renderer/features/checkout/use-public-config';
import { mergeThemeConfig } from '../../shared/theme/merge-theme-config';
import { defaultThemeConfig } from '../../shared/theme/theme-defaults';
import { BootSplash } from './boot-splash';
import { type Storefront, StorefrontProvider } from './storefront-context';
import { fallbackStorefrontId } from './web-env';

/**
 * Renders the app once the storefront's public config is read (or could not be: then the
 * defaults, and the connection notice). The first answer is kept for the page's life, so a
 * cache reset at sign-in or logout never blanks the screen. (The theme merge is plain code, no
 * zod: it is in the first bundle.)
 */
export function StorefrontGate({ children }: { children: (storefront: Storefront) => ReactNode }) {
  const config = useQuery(publicConfigQuery(useApiClient()));
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
