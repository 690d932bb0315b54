import { heroTextOf } from '../../../shared/theme/home-text';
import type { ThemeConfig } from '../../../shared/theme/theme-config';

/**
 * The home page's hero (its text: shared/theme/home-text). The server sends the same markup in
 * the home page's first HTML (server/modules/web-shell), shown until the app has started.
 */
export function Hero({ theme }: { theme: ThemeConfig }) {
  const { title, description, inPanel } = heroTextOf(theme);
  return (
    <section className="hero" aria-labelledby="hero-title">
      <div className="container-sub">
        <div
          className={inPanel ? 'hero__text hero__text--alt' : 'hero__text'}
          data-testid="hero-text"
        >
          <h1 id="hero-title">{title}</h1>
          <p className="hero__lead">{description}</p>
        </div>
      </div>
    </section>
  );
}
