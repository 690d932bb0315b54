/** The theme configuration of spec §3: a name, colours, flags and free-form overrides. */

export const themeColorKeys = [
  'primary',
  'secondary',
  'primaryLight',
  'primaryLightest',
  'navLinkColor',
  'navBackgroundColor',
  'checkoutHeaderBackgroundColor',
  'backTextColor',
  'signInTextColor',
  'infoLinkTextColor',
] as const;

export type ThemeColorKey = (typeof themeColorKeys)[number];

export const themeFlagKeys = [
  'enableRoundedBorders',
  'hideIncentiveBanner',
  'disableOpenCartEntryPage',
  'hidePriceAndCycleProductPage',
  'hideFeatureInfoImages',
  'leftAlignFeatureInfoText',
  'firstFeatureInfoExtraMarginTop',
  'overrideMTMPWithSPHomePage',
  'productImageTopOnMobile',
  'pricePerCycleBottomOnMobile',
  'enableDonationsSummaryPage',
  'useAltHeroTitleAndDesc',
  'useAltTextAndSubTextWrapper',
] as const;

export type ThemeFlagKey = (typeof themeFlagKeys)[number];

export type ThemeColors = { readonly [Key in ThemeColorKey]: string };
export type ThemeFlags = { readonly [Key in ThemeFlagKey]: boolean };

/** JSON-like values only: overrides travel in the public config as JSON. */
export type ThemeOverrideValue =
  | string
  | number
  | boolean
  | readonly ThemeOverrideValue[]
  | { readonly [key: string]: ThemeOverrideValue };

export type ThemeOverrides = { readonly [key: string]: ThemeOverrideValue };

export interface ThemeConfig {
  readonly storeFrontName: string;
  readonly colors: ThemeColors;
  readonly flags: ThemeFlags;
  /** Free-form design-token overrides (e.g. for the component library), merged deeply. */
  readonly themeOverrides: ThemeOverrides;
}
