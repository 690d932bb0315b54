import { readFile, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { mergeThemeConfig } from '../../../shared/theme/merge-theme-config';
import type { ThemeConfig } from '../../../shared/theme/theme-config';
import { defaultThemeConfig } from '../../../shared/theme/theme-defaults';
import type { Database } from '../../db/client';
import { cachedStorefrontSettings } from '../config/storefront-cache';
import type { StorefrontSettings } from '../config/storefront-settings';
import { type BuiltPage, linkedStylesheets, withHomeShell } from './home-shell';

/** The merged theme of each settings object the cache hands out (the same one until it changes). */
const mergedThemes = new WeakMap<StorefrontSettings, ThemeConfig>();

/**
 * The storefront's theme as the app shows it: the stored one merged over the defaults, the way
 * the app merges the public config's. Null when the storefront does not exist.
 */
export async function storefrontTheme(
  database: Database,
  storefrontId: number,
): Promise<ThemeConfig | null> {
  const settings = await cachedStorefrontSettings(database, storefrontId);
  if (!settings) return null;
  let theme = mergedThemes.get(settings);
  if (!theme) {
    theme = mergeThemeConfig(defaultThemeConfig, settings.theme);
    mergedThemes.set(settings, theme);
  }
  return theme;
}

async function readBuiltPage(webDir: string): Promise<BuiltPage> {
  const html = await readFile(resolve(webDir, 'index.html'), 'utf8');
  const stylesheets = new Map<string, string>();
  for (const href of linkedStylesheets(html)) {
    const file = resolve(webDir, href.replace(/^\/+/, ''));
    if (file.startsWith(resolve(webDir))) stylesheets.set(href, await readFile(file, 'utf8'));
  }
  return { html, stylesheets };
}

/**
 * The last home page made: for the built index.html of this modification time (its
 * stylesheets are named by their content, so they change only with it) and this theme.
 */
let last: { indexFile: string; mtimeMs: number; theme: ThemeConfig; html: Promise<string> } | null =
  null;

/**
 * The home page's HTML from the built app in webDir, with the top of the page drawn in it.
 * Made again only when the build or the theme changed: a visit costs one `stat`.
 */
export async function homePageHtml(webDir: string, theme: ThemeConfig): Promise<string> {
  const indexFile = resolve(webDir, 'index.html');
  const { mtimeMs } = await stat(indexFile);
  if (last?.indexFile === indexFile && last.mtimeMs === mtimeMs && last.theme === theme) {
    return last.html;
  }
  const html = readBuiltPage(webDir).then((page) => withHomeShell(page, theme));
  const made = { indexFile, mtimeMs, theme, html };
  last = made;
  // A failed read is not kept: the next visit tries again.
  html.catch(() => {
    if (last === made) last = null;
  });
  return html;
}
