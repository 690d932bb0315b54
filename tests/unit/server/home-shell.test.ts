import { describe, expect, it } from 'vitest';
import { withHomeShell } from '../../../server/modules/web-shell/home-shell';
import { heroTextOf, incentiveBannerText } from '../../../shared/theme/home-text';
import type { ThemeConfig } from '../../../shared/theme/theme-config';
import { defaultThemeConfig } from '../../../shared/theme/theme-defaults';

/** The build's index.html, as vite writes it. */
const builtHtml = `<!doctype html>
<html lang="en">
  <head>
    <title>Storefront</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/chunk-1.js">
    <link rel="modulepreload" crossorigin href="/assets/chunk-2.js">
    <link rel="stylesheet" crossorigin href="/assets/index-def.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
const css = '.hero{padding:48px 0}';
const page = { html: builtHtml, stylesheets: new Map([['/assets/index-def.css', css]]) };

function themed(change: (theme: ThemeConfig) => ThemeConfig): ThemeConfig {
  return change(structuredClone(defaultThemeConfig));
}

const shellOf = (html: string) => {
  const start = html.indexOf('<div id="home-shell">');
  return start < 0 ? '' : html.slice(start, html.indexOf('</body>'));
};

describe('the home page first HTML', () => {
  it('draws the header name, the hero and the banner after the app root, in the theme', () => {
    const theme = themed((t) => ({
      ...t,
      storeFrontName: 'Lakeside Pharmacy',
      colors: { ...t.colors, primary: '#123456' },
    }));
    const html = withHomeShell(page, theme);
    expect(html).toContain(
      '<div id="root"></div><div id="home-shell"><header class="site-header">',
    );
    expect(html).toContain('<a href="/" class="site-header__brand">Lakeside Pharmacy</a>');
    expect(html).toContain('<h1 id="home-shell-title">Lakeside Pharmacy</h1>');
    expect(html).toContain(`<p class="hero__lead">${heroTextOf(theme).description}</p>`);
    expect(html).toContain(`<p class="incentive-banner">${incentiveBannerText}</p>`);
    expect(html).toContain('<title>Lakeside Pharmacy</title>');
    expect(html).toMatch(/<html lang="en" style="[^"]*--color-primary:#123456;/);
  });

  it('inlines the stylesheet and lets the scripts wait behind the first paint', () => {
    const html = withHomeShell(page, defaultThemeConfig);
    expect(html).toContain(`<style>${css}</style>`);
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain(
      '<script type="module" fetchpriority="low" crossorigin src="/assets/index-abc.js">',
    );
  });

  it('keeps the stylesheet linked when its text is not known', () => {
    const html = withHomeShell({ html: builtHtml, stylesheets: new Map() }, defaultThemeConfig);
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-def.css">');
  });

  it.each([
    [
      'useAltHeroTitleAndDesc with overrides',
      (t: ThemeConfig) => ({
        ...t,
        flags: { ...t.flags, useAltHeroTitleAndDesc: true },
        themeOverrides: { altHeroTitle: 'Hello there', altHeroDescription: 'We deliver.' },
      }),
      ['<h1 id="home-shell-title">Hello there</h1>', '<p class="hero__lead">We deliver.</p>'],
    ],
    [
      'useAltHeroTitleAndDesc without overrides',
      (t: ThemeConfig) => ({ ...t, flags: { ...t.flags, useAltHeroTitleAndDesc: true } }),
      ['<h1 id="home-shell-title">Care that comes to you</h1>'],
    ],
    [
      'useAltTextAndSubTextWrapper',
      (t: ThemeConfig) => ({ ...t, flags: { ...t.flags, useAltTextAndSubTextWrapper: true } }),
      ['<div class="hero__text hero__text--alt">'],
    ],
  ])('follows the theme flag %s as the app does', (_flag, change, expected) => {
    const html = withHomeShell(page, themed(change));
    for (const text of expected) expect(html).toContain(text);
  });

  it('leaves the banner out with hideIncentiveBanner', () => {
    const theme = themed((t) => ({ ...t, flags: { ...t.flags, hideIncentiveBanner: true } }));
    expect(withHomeShell(page, theme)).not.toContain('incentive-banner');
  });

  it('escapes what a storefront admin typed, and a $ in it stays a $', () => {
    const theme = themed((t) => ({
      ...t,
      storeFrontName: `<script>alert("x")</script> $& Sons`,
      flags: { ...t.flags, useAltHeroTitleAndDesc: true },
      themeOverrides: { altHeroDescription: "Tom's <b>best</b> $1" },
    }));
    const html = withHomeShell(page, theme);
    expect(shellOf(html)).not.toContain('<script');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; $&amp; Sons</a>');
    expect(html).toContain('<title>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; $&amp; Sons');
    expect(html).toContain('Tom&#39;s &lt;b&gt;best&lt;/b&gt; $1</p>');
  });

  it('returns an index.html without the app root as it is', () => {
    const other = '<!doctype html><title>web</title>';
    expect(withHomeShell({ html: other, stylesheets: new Map() }, defaultThemeConfig)).toBe(other);
  });
});
