import { isPlainObject, isUnsafeKey } from './plain-object';
import type { ThemeOverrides, ThemeOverrideValue } from './theme-config';
import { maxOverrideDepth, overrideValueOf } from './theme-values';

function mergeInto(
  base: ThemeOverrides,
  patch: Record<string, unknown>,
  ancestors: WeakSet<object>,
  depth: number,
): ThemeOverrides {
  const merged: Record<string, ThemeOverrideValue> = { ...base };
  ancestors.add(patch);
  for (const [key, value] of Object.entries(patch)) {
    if (isUnsafeKey(key) || value === undefined || value === null) continue;
    if (isPlainObject(value)) {
      if (ancestors.has(value) || depth + 1 >= maxOverrideDepth) continue;
      const current = merged[key];
      merged[key] = mergeInto(isPlainObject(current) ? current : {}, value, ancestors, depth + 1);
      continue;
    }
    const copied = overrideValueOf(value, depth + 1);
    if (copied !== undefined) merged[key] = copied;
  }
  ancestors.delete(patch);
  return merged;
}

/**
 * `patch` merged deeply over `base`: plain objects merge key by key, anything else replaces.
 * undefined and null are skipped; invalid values (functions, NaN, arrays holding junk, cycles,
 * absurd depth) keep what `base` had; prototype-reaching keys are never copied.
 */
export function mergeOverrides(base: ThemeOverrides, patch: unknown): ThemeOverrides {
  return isPlainObject(patch) ? mergeInto(base, patch, new WeakSet(), 0) : base;
}
