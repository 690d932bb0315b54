import { cssColorOf } from '../../../shared/theme/css-color';
import { mergeOverrides } from '../../../shared/theme/merge-overrides';
import { isPlainObject } from '../../../shared/theme/plain-object';
import {
  type PublicThemeConfig,
  publicThemeConfigSchema,
} from '../../../shared/theme/public-theme-config-schema';
import { themeColorKeys, themeFlagKeys } from '../../../shared/theme/theme-config';
import { storeFrontNameOf, themeFlagOf } from '../../../shared/theme/theme-values';

/** The keys of `keys` whose values in `patch` are valid leaves; undefined when none are. */
function validLeaves<Key extends string, Value>(
  keys: readonly Key[],
  leafOf: (value: unknown) => Value | undefined,
  patch: unknown,
): Partial<Record<Key, Value>> | undefined {
  if (!isPlainObject(patch)) return undefined;
  const kept: Partial<Record<Key, Value>> = {};
  for (const key of keys) {
    const leaf = leafOf(patch[key]);
    if (leaf !== undefined) kept[key] = leaf;
  }
  return Object.keys(kept).length > 0 ? kept : undefined;
}

/**
 * The stored theme as the public config serves it: each invalid part (a colour that is not a
 * CSS colour, a flag that is not a boolean, an empty name, junk in the overrides) is dropped
 * rather than refused, so one bad edit never takes a storefront's page down. Unknown keys go.
 */
export function publicThemeOf(raw: unknown): PublicThemeConfig {
  if (!isPlainObject(raw)) return {};
  const theme: PublicThemeConfig = {};
  const name = storeFrontNameOf(raw.storeFrontName);
  if (name !== undefined) theme.storeFrontName = name;
  const colors = validLeaves(themeColorKeys, cssColorOf, raw.colors);
  if (colors) theme.colors = colors;
  const flags = validLeaves(themeFlagKeys, themeFlagOf, raw.flags);
  if (flags) theme.flags = flags;
  const overrides = mergeOverrides({}, raw.themeOverrides);
  if (Object.keys(overrides).length > 0) theme.themeOverrides = overrides;
  // Belt and braces: what leaves here always satisfies the contract.
  const checked = publicThemeConfigSchema.safeParse(theme);
  return checked.success ? checked.data : {};
}
