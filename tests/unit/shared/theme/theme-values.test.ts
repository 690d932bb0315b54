import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cssColorOf } from '../../../../shared/theme/css-color';
import { isUnsafeKey } from '../../../../shared/theme/plain-object';
import {
  cssColorSchema,
  storeFrontNameSchema,
  themeFlagSchema,
  themeOverrideValueSchema,
} from '../../../../shared/theme/public-theme-config-schema';
import {
  overrideValueOf,
  storeFrontNameOf,
  themeFlagOf,
} from '../../../../shared/theme/theme-values';

/**
 * The patient app checks a storefront's theme with plain functions (no zod before its first
 * screen); the server's contract with zod schemas. Both must give the same answer for any
 * value: the same value kept, or none.
 */
function zodAnswer(schema: { safeParse(value: unknown): { success: boolean; data?: unknown } }) {
  return (value: unknown) => {
    const parsed = schema.safeParse(value);
    return parsed.success ? parsed.data : undefined;
  };
}

const colourish = fc.oneof(
  fc.constantFrom('#fff', ' #1e4d3a80 ', 'rgb(30, 77, 58)', 'hsl(155deg 44% 21%)', 'white'),
  fc.constantFrom('url(x)', 'red; color: blue', 'var(--x)', '#ggg', ''),
  fc.string({ maxLength: 80 }),
  fc.stringMatching(
    /^\s?(#[0-9a-fA-F]{3,9}|(rgb|hsl|oklch)\([\d .,%/a-z-]{0,70}\)|[a-z]{2,40})\s?$/,
  ),
);
/**
 * Whether no key at any depth would reach a prototype: the plain copy leaves such keys out,
 * zod's copies them (held apart below), so the override values compared have none.
 */
function reachesNoPrototype(value: unknown): boolean {
  if (Array.isArray(value)) return value.every(reachesNoPrototype);
  if (typeof value !== 'object' || value === null) return true;
  return Object.entries(value).every(
    ([key, inner]) => !isUnsafeKey(key) && reachesNoPrototype(inner),
  );
}
const anyValue = fc.oneof(fc.jsonValue({ maxDepth: 4 }), fc.anything({ maxDepth: 3 }), colourish);
const safeKey = fc.string({ maxLength: 8 }).filter((key) => !isUnsafeKey(key));
const overrideish = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  fc.dictionary(safeKey, fc.oneof(fc.double(), fc.constant(null), fc.string()), { maxKeys: 4 }),
  fc.array(fc.oneof(fc.double(), fc.integer(), fc.boolean(), fc.constant(undefined)), {
    maxLength: 4,
  }),
);

describe('the theme rules without zod agree with the contract', () => {
  it.each([
    ['a CSS colour', cssColorOf, cssColorSchema, fc.oneof(colourish, anyValue)],
    [
      'a store front name',
      storeFrontNameOf,
      storeFrontNameSchema,
      fc.oneof(
        fc.string({ maxLength: 120 }),
        fc.constant('  '),
        fc.constant(`  ${'n'.repeat(100)} `),
        anyValue,
      ),
    ],
    ['a theme flag', themeFlagOf, themeFlagSchema, anyValue],
    [
      'an override value',
      overrideValueOf,
      themeOverrideValueSchema,
      fc.oneof(overrideish, anyValue).filter(reachesNoPrototype),
    ],
  ] as const)('%s', (_name, plain, schema, values) => {
    const expected = zodAnswer(schema);
    fc.assert(
      fc.property(values, (value) => {
        expect(plain(value)).toEqual(expected(value));
      }),
      { numRuns: 2000 },
    );
  });

  it('a colour, a name and an override value come back as the contract keeps them', () => {
    expect(cssColorOf(' #1E4D3A ')).toBe('#1E4D3A');
    expect(storeFrontNameOf('  Eye Care ')).toBe('Eye Care');
    expect(storeFrontNameOf('n'.repeat(101))).toBeUndefined();
    expect(overrideValueOf({ token: { borderRadius: 4, fonts: ['Inter', 'Arial'] } })).toEqual({
      token: { borderRadius: 4, fonts: ['Inter', 'Arial'] },
    });
    expect(overrideValueOf({ token: { borderRadius: Number.NaN } })).toBeUndefined();
    expect(overrideValueOf([1, null])).toBeUndefined();
    expect(overrideValueOf({ prototype: 0, token: { constructor: 1, borderRadius: 4 } })).toEqual({
      token: { borderRadius: 4 },
    });
  });
});
