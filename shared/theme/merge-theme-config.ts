import { cssColorOf } from './css-color';
import { mergeOverrides } from './merge-overrides';
import { isPlainObject } from './plain-object';
import {
  type ThemeColors,
  type ThemeConfig,
  type ThemeFlags,
  themeColorKeys,
  themeFlagKeys,
} from './theme-config';
import { storeFrontNameOf, themeFlagOf } from './theme-values';

function mergeLeaves<Key extends string, Value>(
  keys: readonly Key[],
  leafOf: (value: unknown) => Value | undefined,
  patch: unknown,
  defaults: { readonly [K in Key]: Value },
): { [K in Key]: Value } {
  const source = isPlainObject(patch) ? patch : {};
  const merged: { [K in Key]: Value } = { ...defaults };
  for (const key of keys) merged[key] = leafOf(source[key]) ?? defaults[key];
  return merged;
}

/** Runs one part of the merge; if hostile input makes it throw, that part keeps its default. */
function safely<T>(merge: () => T, fallback: T): T {
  try {
    return merge();
  } catch {
    return fallback;
  }
}

/**
 * The runtime public config merged over the defaults, part by part. It never throws:
 * undefined and null are ignored, and every invalid part (a colour that is not a CSS colour,
 * a flag that is not a boolean, an empty name, a non-object) keeps its default. Unknown keys
 * are ignored. The defaults are not modified.
 */
export function mergeThemeConfig(defaults: ThemeConfig, runtime: unknown): ThemeConfig {
  const source = safely(() => (isPlainObject(runtime) ? runtime : {}), {});
  return {
    storeFrontName: safely(
      () => storeFrontNameOf(source.storeFrontName) ?? defaults.storeFrontName,
      defaults.storeFrontName,
    ),
    colors: safely<ThemeColors>(
      () => mergeLeaves(themeColorKeys, cssColorOf, source.colors, defaults.colors),
      defaults.colors,
    ),
    flags: safely<ThemeFlags>(
      () => mergeLeaves(themeFlagKeys, themeFlagOf, source.flags, defaults.flags),
      defaults.flags,
    ),
    themeOverrides: safely(
      () => mergeOverrides(defaults.themeOverrides, source.themeOverrides),
      defaults.themeOverrides,
    ),
  };
}
