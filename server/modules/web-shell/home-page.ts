import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { mergeThemeConfig } from '../../../shared/theme/merge-theme-config';
import type { ThemeConfig } from '../../../shared/theme/theme-config';
import { defaultThemeConfig } from '../../../shared/theme/theme-defaults';
import type { Database } from '../../db/client';
import { cachedStorefrontSettings } from '../config/storefront-cache';
import { linkedStylesheets, withHomeShell } from './home-shell';

/**
 * The storefront's theme as the app shows it: the stored one merged over the defaults, the way
 * the app merges the public config's. Null when the storefront does not exist.
 */
export async function storefrontTheme(
  database: Database,
  storefrontId: number,
): Promise<ThemeConfig | null> {
  const settings = await cachedStorefrontSettings(database, storefrontId);
  return settings ? mergeThemeConfig(defaultThemeConfig, settings.theme) : null;
}

/** The home page's HTML from the built app in webDir, with the top of the page drawn in it. */
export async function homePageHtml(webDir: string, theme: ThemeConfig): Promise<string> {
  const html = await readFile(resolve(webDir, 'index.html'), 'utf8');
  const stylesheets = new Map<string, string>();
  for (const href of linkedStylesheets(html)) {
    const file = resolve(webDir, href.replace(/^\/+/, ''));
    if (file.startsWith(resolve(webDir))) stylesheets.set(href, await readFile(file, 'utf8'));
  }
  return withHomeShell({ html, stylesheets }, theme);
}
