import type { ThemeConfig, ThemeFlags } from './theme-config';

/** Spec §3: every flag defaults to false. */
export const defaultThemeFlags: ThemeFlags = {
  enableRoundedBorders: false,
  hideIncentiveBanner: false,
  disableOpenCartEntryPage: false,
  hidePriceAndCycleProductPage: false,
  hideFeatureInfoImages: false,
  leftAlignFeatureInfoText: false,
  firstFeatureInfoExtraMarginTop: false,
  overrideMTMPWithSPHomePage: false,
  productImageTopOnMobile: false,
  pricePerCycleBottomOnMobile: false,
  enableDonationsSummaryPage: false,
  useAltHeroTitleAndDesc: false,
  useAltTextAndSubTextWrapper: false,
};

/**
 * The theme before the runtime public config is merged over it. Spec §9 fixes primary
 * (dark green) and secondary (white); the other shades are ours, chosen so that every text
 * colour keeps at least 4.5:1 contrast (WCAG AA) on its background.
 */
export const defaultThemeConfig: ThemeConfig = {
  storeFrontName: 'Storefront',
  colors: {
    primary: '#1e4d3a',
    secondary: '#ffffff',
    primaryLight: '#4f7a66',
    primaryLightest: '#e8f0ec',
    navLinkColor: '#1e4d3a',
    navBackgroundColor: '#ffffff',
    checkoutHeaderBackgroundColor: '#e8f0ec',
    backTextColor: '#1e4d3a',
    signInTextColor: '#1e4d3a',
    infoLinkTextColor: '#1e4d3a',
  },
  flags: defaultThemeFlags,
  themeOverrides: {},
};
