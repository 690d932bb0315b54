import { z } from 'zod';
import { cssColorMaxLength, isCssColorText } from './css-color';
import {
  type ThemeColorKey,
  type ThemeFlagKey,
  type ThemeOverrideValue,
  themeColorKeys,
  themeFlagKeys,
} from './theme-config';
import { storeFrontNameLength } from './theme-values';

/**
 * The runtime public config a storefront serves, merged over the theme defaults. Every part
 * is optional. Unknown keys are ignored (stripped), not refused: a newer server may send keys
 * an older client does not know yet, and the page must still render.
 */

export const storeFrontNameSchema = z
  .string()
  .trim()
  .min(storeFrontNameLength.min)
  .max(storeFrontNameLength.max);

/** A CSS colour: hex, rgb()/hsl()-style functional notation, or a named colour. */
export const cssColorSchema = z
  .string()
  .trim()
  .max(cssColorMaxLength)
  .refine(isCssColorText, { message: 'Not a CSS colour' });

export const themeFlagSchema = z.boolean();

const colorShape = Object.fromEntries(
  themeColorKeys.map((key) => [key, cssColorSchema.optional()]),
) as Record<ThemeColorKey, z.ZodOptional<typeof cssColorSchema>>;

const flagShape = Object.fromEntries(
  themeFlagKeys.map((key) => [key, themeFlagSchema.optional()]),
) as Record<ThemeFlagKey, z.ZodOptional<typeof themeFlagSchema>>;

export const themeColorsPatchSchema = z.object(colorShape);
export const themeFlagsPatchSchema = z.object(flagShape);

/** A JSON value without null (null means "not set" and is dropped by the merge). */
export const themeOverrideValueSchema: z.ZodType<ThemeOverrideValue> = z.lazy(() =>
  z.union([
    z.string(),
    z.number(),
    z.boolean(),
    z.array(themeOverrideValueSchema),
    z.record(z.string(), themeOverrideValueSchema),
  ]),
);

export const themeOverridesSchema = z.record(z.string(), themeOverrideValueSchema);

export const publicThemeConfigSchema = z.object({
  storeFrontName: storeFrontNameSchema.optional(),
  colors: themeColorsPatchSchema.optional(),
  flags: themeFlagsPatchSchema.optional(),
  themeOverrides: themeOverridesSchema.optional(),
});

export type PublicThemeConfig = z.infer<typeof publicThemeConfigSchema>;
