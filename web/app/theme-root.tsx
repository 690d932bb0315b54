import { type ReactNode, useLayoutEffect } from 'react';
import type { ThemeConfig } from '../../shared/theme/theme-config';

/** Our CSS reads the theme from custom properties on <html> (drawers render outside the app). */
function cssVariablesOf(theme: ThemeConfig): Record<string, string> {
  const { colors } = theme;
  return {
    '--color-primary': colors.primary,
    '--color-secondary': colors.secondary,
    '--color-primary-light': colors.primaryLight,
    '--color-primary-lightest': colors.primaryLightest,
    '--color-nav-link': colors.navLinkColor,
    '--color-nav-background': colors.navBackgroundColor,
    '--color-checkout-header': colors.checkoutHeaderBackgroundColor,
    '--color-back-text': colors.backTextColor,
    '--color-sign-in-text': colors.signInTextColor,
    '--color-info-link': colors.infoLinkTextColor,
    '--radius': theme.flags.enableRoundedBorders ? '8px' : '2px',
  };
}

/**
 * The storefront theme (spec §3, §9) for our own CSS; antd gets the same theme as tokens
 * through AntdBoundary where antd is used.
 */
export function ThemeRoot({ theme, children }: { theme: ThemeConfig; children: ReactNode }) {
  useLayoutEffect(() => {
    const root = document.documentElement.style;
    for (const [name, value] of Object.entries(cssVariablesOf(theme))) {
      root.setProperty(name, value);
    }
    document.title = theme.storeFrontName;
  }, [theme]);
  return <>{children}</>;
}
