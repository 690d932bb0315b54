import type { ThemeConfig } from './theme-config';

const standardDescription =
  'Prescription treatments with an online doctor visit, and everyday health products, delivered to your door.';
const alternative = {
  title: 'Care that comes to you',
  description:
    'Answer a few questions, meet a licensed doctor online, and get your treatment shipped from the pharmacy you choose.',
};

/**
 * The element of the home page's first HTML that holds the top of the page until the app has
 * drawn its own, which removes it.
 */
export const homeShellId = 'home-shell';

/** The banner under the hero, unless `hideIncentiveBanner`. */
export const incentiveBannerText =
  'Licensed doctors review every prescription order. Your pharmacy, your choice.';

export interface HeroText {
  title: string;
  description: string;
  /** `useAltTextAndSubTextWrapper`: the text and subtext in a panel of their own. */
  inPanel: boolean;
}

/** A theme override, when it is a non-empty string. */
function overrideText(theme: ThemeConfig, key: string): string | null {
  const value = theme.themeOverrides[key];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/**
 * The home page's hero: the storefront's name and what it offers. `useAltHeroTitleAndDesc`
 * swaps in the alternative title and description (themeOverrides altHeroTitle and
 * altHeroDescription, or ours). The app renders it, and the server sends it in the first
 * HTML of the home page.
 */
export function heroTextOf(theme: ThemeConfig): HeroText {
  const alt = theme.flags.useAltHeroTitleAndDesc;
  return {
    title: alt ? (overrideText(theme, 'altHeroTitle') ?? alternative.title) : theme.storeFrontName,
    description: alt
      ? (overrideText(theme, 'altHeroDescription') ?? alternative.description)
      : standardDescription,
    inPanel: theme.flags.useAltTextAndSubTextWrapper,
  };
}
