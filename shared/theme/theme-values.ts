import { isPlainObject, isUnsafeKey } from './plain-object';
import type { ThemeOverrideValue } from './theme-config';

/**
 * What a theme's name, flags and override values may be, as plain checks (the colours' are in
 * css-color.ts), for the server's public theme and the apps' merge alike. The patient app
 * merges a storefront's theme with them before its first screen
 * without loading zod: the home page then neither fetches the library nor builds schemas
 * before it draws. The contract's zod schemas
 * (public-theme-config-schema.ts) take the same limits from here, and a property test holds
 * both to the same answers.
 */

export const storeFrontNameLength = { min: 1, max: 100 } as const;

/** The store front's name a value is (trimmed), or undefined when it is none. */
export function storeFrontNameOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const name = value.trim();
  const { min, max } = storeFrontNameLength;
  return name.length >= min && name.length <= max ? name : undefined;
}

/** A theme flag: a boolean, or undefined. */
export function themeFlagOf(value: unknown): boolean | undefined {
  return typeof value === 'boolean' ? value : undefined;
}

/** Deeper than any sane token tree. */
export const maxOverrideDepth = 16;

/**
 * An override value copied (JSON without null: text, a finite number, a boolean, or arrays
 * and plain objects of them), or undefined when any part of it is not one. Keys that would
 * reach a prototype are left out of the copy.
 */
export function overrideValueOf(value: unknown, depth = 0): ThemeOverrideValue | undefined {
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (depth >= maxOverrideDepth) return undefined;
  if (Array.isArray(value)) {
    const items: ThemeOverrideValue[] = [];
    for (const item of value) {
      const copied = overrideValueOf(item, depth + 1);
      if (copied === undefined) return undefined;
      items.push(copied);
    }
    return items;
  }
  if (!isPlainObject(value)) return undefined;
  const copy: Record<string, ThemeOverrideValue> = {};
  for (const [key, item] of Object.entries(value)) {
    const copied = overrideValueOf(item, depth + 1);
    if (copied === undefined) return undefined;
    if (!isUnsafeKey(key)) copy[key] = copied;
  }
  return copy;
}
