import type { ThemeConfig } from '../../../shared/theme/theme-config';

const standard = {
  title: null,
  description:
    'Prescription treatments with an online doctor visit, and everyday health products, delivered to your door.',
};
const alternative = {
  title: 'Care that comes to you',
  description:
    'Answer a few questions, meet a licensed doctor online, and get your treatment shipped from the pharmacy you choose.',
};

/** A theme override, when it is a non-empty string. */
function overrideText(theme: ThemeConfig, key: string): string | null {
  const value = theme.themeOverrides[key];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/**
 * The home page's hero: the storefront's name and what it offers. `useAltHeroTitleAndDesc`
 * swaps in the alternative title and description (themeOverrides altHeroTitle and
 * altHeroDescription, or ours); `useAltTextAndSubTextWrapper` sets the text and subtext in
 * a panel of their own.
 */
export function Hero({ theme }: { theme: ThemeConfig }) {
  const alt = theme.flags.useAltHeroTitleAndDesc;
  const title = alt
    ? (overrideText(theme, 'altHeroTitle') ?? alternative.title)
    : theme.storeFrontName;
  const description = alt
    ? (overrideText(theme, 'altHeroDescription') ?? alternative.description)
    : standard.description;
  const wrapper = theme.flags.useAltTextAndSubTextWrapper
    ? 'hero__text hero__text--alt'
    : 'hero__text';
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container-sub">
        <div className={wrapper} data-testid="hero-text">
          <h1 id="hero-title">{title}</h1>
          <p className="hero__lead">{description}</p>
        </div>
      </div>
    </section>
  );
}
