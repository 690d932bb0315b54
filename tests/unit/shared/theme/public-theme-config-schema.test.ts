import { describe, expect, it } from 'vitest';
import {
  cssColorSchema,
  publicThemeConfigSchema,
} from '../../../../shared/theme/public-theme-config-schema';

describe('cssColorSchema', () => {
  it.each([
    '#fff',
    '#FFFFFF',
    '#1e4d3a',
    '#1e4d3a80',
    'rgb(30, 77, 58)',
    'rgba(30 77 58 / 50%)',
    'hsl(155deg 44% 21%)',
    'white',
    'transparent',
    ' #abc ',
  ])('accepts %j', (color) => {
    expect(cssColorSchema.safeParse(color).success).toBe(true);
  });

  it.each([
    '',
    '#ab',
    '#ggg',
    '1e4d3a',
    'red; background: url(https://evil.example)',
    'url(x)',
    'rgb(1,2,3); color: red',
    'var(--x)',
    'x'.repeat(100),
  ])('refuses %j', (color) => {
    expect(cssColorSchema.safeParse(color).success).toBe(false);
  });
});

describe('publicThemeConfigSchema', () => {
  it('accepts any subset', () => {
    expect(publicThemeConfigSchema.parse({})).toEqual({});
    expect(publicThemeConfigSchema.parse({ colors: { primary: '#000000' } })).toEqual({
      colors: { primary: '#000000' },
    });
    expect(
      publicThemeConfigSchema.parse({
        storeFrontName: 'Eye Care',
        flags: { enableRoundedBorders: true },
        themeOverrides: { token: { borderRadius: 4 } },
      }),
    ).toEqual({
      storeFrontName: 'Eye Care',
      flags: { enableRoundedBorders: true },
      themeOverrides: { token: { borderRadius: 4 } },
    });
  });

  it('ignores (strips) unknown keys at every level rather than refusing them', () => {
    expect(
      publicThemeConfigSchema.parse({
        newFeature: true,
        colors: { primary: '#000000', sparkle: '#fff' },
        flags: { enableRoundedBorders: true, futureFlag: true },
      }),
    ).toEqual({ colors: { primary: '#000000' }, flags: { enableRoundedBorders: true } });
  });

  it.each([
    { storeFrontName: '' },
    { storeFrontName: 42 },
    { colors: { primary: 'not a colour!' } },
    { flags: { enableRoundedBorders: 'yes' } },
    { themeOverrides: [] },
    { themeOverrides: { a: null } },
  ])('refuses %j', (config) => {
    expect(publicThemeConfigSchema.safeParse(config).success).toBe(false);
  });
});
