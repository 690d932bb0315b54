import type { ThemeConfig } from './theme-config';

/**
 * The storefront theme as the custom properties our CSS reads on <html> (drawers render
 * outside the app). The app sets them; the server writes them into the home page's first HTML.
 */
export function themeCssVariables(theme: ThemeConfig): Record<string, string> {
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
