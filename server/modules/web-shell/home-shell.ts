import { themeCssVariables } from '../../../shared/theme/css-variables';
import { heroTextOf, homeShellId, incentiveBannerText } from '../../../shared/theme/home-text';
import type { ThemeConfig } from '../../../shared/theme/theme-config';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/**
 * The top of the home page as the app draws it (the header's name, the hero, the banner), in
 * the same markup and classes. A phone paints it as soon as the HTML is in, instead of after
 * the app's JavaScript has loaded and run; the app removes it when it draws
 * its own (web/app/app-layout.tsx). Nothing in it is interactive (no button that does nothing
 * until the app is up).
 */
export function homeShellHtml(theme: ThemeConfig): string {
  const hero = heroTextOf(theme);
  const banner = theme.flags.hideIncentiveBanner
    ? ''
    : `<p class="incentive-banner">${escapeHtml(incentiveBannerText)}</p>`;
  return (
    `<div id="${homeShellId}">` +
    '<header class="site-header"><div class="container-main site-header__inner">' +
    `<a href="/" class="site-header__brand">${escapeHtml(theme.storeFrontName)}</a>` +
    '</div></header>' +
    '<main class="app-main"><div class="home">' +
    '<section class="hero" aria-labelledby="home-shell-title"><div class="container-sub">' +
    `<div class="${hero.inPanel ? 'hero__text hero__text--alt' : 'hero__text'}">` +
    `<h1 id="home-shell-title">${escapeHtml(hero.title)}</h1>` +
    `<p class="hero__lead">${escapeHtml(hero.description)}</p>` +
    `</div></div></section>${banner}</div></main></div>`
  );
}

/** The built index.html and the text of the stylesheets it links, by their href. */
export interface BuiltPage {
  html: string;
  stylesheets: ReadonlyMap<string, string>;
}

/** The hrefs of the stylesheets an index.html links (the build's: `/assets/...css`). */
export function linkedStylesheets(html: string): string[] {
  return [...html.matchAll(stylesheetLink)].map((match) => match[1] ?? '');
}

const stylesheetLink = /<link rel="stylesheet"[^>]*? href="([^"]+)"[^>]*>/g;

/**
 * The app's index.html for the home page, drawn at once on a phone's first visit: the
 * storefront's colours on <html> (the custom properties the app would set), its name as the
 * title, the shell after the app's root (the app draws above it and removes it in the same
 * frame: nothing moves), and the stylesheet inline (the first paint waits for no request).
 * The app's scripts then block nothing the user sees: the entry is fetched at low priority
 * and its chunks as it asks for them (no modulepreload ahead of the paint).
 * An index.html without the app's root is returned as it is.
 */
export function withHomeShell(page: BuiltPage, theme: ThemeConfig): string {
  const root = '<div id="root"></div>';
  if (!page.html.includes(root)) return page.html;
  const style = Object.entries(themeCssVariables(theme))
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
  const inline = (link: string, href: string) => {
    const css = page.stylesheets.get(href);
    return css && !css.includes('</') ? `<style>${css}</style>` : link;
  };
  // Replaced by functions: a `$` in a storefront's name is no replacement pattern.
  return page.html
    .replace(/<html([^>]*)>/, (_, attributes) => `<html${attributes} style="${escapeHtml(style)}">`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(theme.storeFrontName)}</title>`)
    .replace(root, () => `${root}${homeShellHtml(theme)}`)
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
    .replace(stylesheetLink, inline)
    .replace(/<script type="module"/g, '<script type="module" fetchpriority="low"');
}
