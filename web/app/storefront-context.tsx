import { createContext, type ReactNode, useContext } from 'react';
import type { ApplicationSettingsData } from '../../shared/contracts/config';
import type { ThemeConfig } from '../../shared/theme/theme-config';

/** The storefront the app runs for: the public config merged over the defaults (spec §3). */
export interface Storefront {
  id: number;
  theme: ThemeConfig;
  /** Null when the public config could not be read. */
  settings: ApplicationSettingsData | null;
  phone: string | null;
  email: string | null;
}

const StorefrontContext = createContext<Storefront | null>(null);

export function StorefrontProvider({
  storefront,
  children,
}: {
  storefront: Storefront;
  children: ReactNode;
}) {
  return <StorefrontContext.Provider value={storefront}>{children}</StorefrontContext.Provider>;
}

export function useStorefront(): Storefront {
  const storefront = useContext(StorefrontContext);
  if (!storefront) throw new Error('useStorefront needs a <StorefrontProvider> above it');
  return storefront;
}
