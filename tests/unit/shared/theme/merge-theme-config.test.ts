import { describe, expect, it } from 'vitest';
import { mergeThemeConfig } from '../../../../shared/theme/merge-theme-config';
import type { ThemeConfig } from '../../../../shared/theme/theme-config';
import { defaultThemeConfig } from '../../../../shared/theme/theme-defaults';

const defaults = defaultThemeConfig;

describe('mergeThemeConfig', () => {
  it('overrides the colours given and keeps the defaults of the others', () => {
    const merged = mergeThemeConfig(defaults, {
      colors: { primary: '#003366', navLinkColor: 'rgb(0, 0, 0)' },
    });
    expect(merged.colors).toEqual({
      ...defaults.colors,
      primary: '#003366',
      navLinkColor: 'rgb(0, 0, 0)',
    });
    expect(merged.flags).toEqual(defaults.flags);
    expect(merged.storeFrontName).toBe(defaults.storeFrontName);
  });

  it('overrides flags and the store front name', () => {
    const merged = mergeThemeConfig(defaults, {
      storeFrontName: '  Clear Sight  ',
      flags: { enableRoundedBorders: true, hideIncentiveBanner: false },
    });
    expect(merged.storeFrontName).toBe('Clear Sight');
    expect(merged.flags).toEqual({ ...defaults.flags, enableRoundedBorders: true });
  });

  it.each([undefined, null, 42, 'config', [], true, () => ({}), new Date()])(
    'returns the defaults for a runtime config of %s',
    (runtime) => {
      expect(mergeThemeConfig(defaults, runtime)).toEqual(defaults);
    },
  );

  it('ignores undefined and null values', () => {
    const merged = mergeThemeConfig(defaults, {
      storeFrontName: null,
      colors: { primary: undefined, secondary: null },
      flags: { enableRoundedBorders: null },
      themeOverrides: null,
    });
    expect(merged).toEqual(defaults);
  });

  it('keeps the default for each invalid part, and takes the valid ones beside it', () => {
    const merged = mergeThemeConfig(defaults, {
      storeFrontName: '',
      colors: {
        primary: 'red; background: url(x)',
        secondary: 12,
        primaryLight: '#abcdef',
        unknownColor: '#000000',
      },
      flags: {
        enableRoundedBorders: 'true',
        hideIncentiveBanner: 1,
        productImageTopOnMobile: true,
      },
      unknownTopLevel: { anything: true },
    });
    expect(merged.storeFrontName).toBe(defaults.storeFrontName);
    expect(merged.colors).toEqual({ ...defaults.colors, primaryLight: '#abcdef' });
    expect(merged.flags).toEqual({ ...defaults.flags, productImageTopOnMobile: true });
    expect(merged).not.toHaveProperty('unknownTopLevel');
    expect(merged.colors).not.toHaveProperty('unknownColor');
  });

  it.each([['not an object'], [[1, 2]], [7]])(
    'keeps default colours when colors is %j',
    (colors) => {
      expect(mergeThemeConfig(defaults, { colors }).colors).toEqual(defaults.colors);
    },
  );

  it('merges theme overrides deeply', () => {
    const base: ThemeConfig = {
      ...defaults,
      themeOverrides: {
        token: { colorPrimary: '#111111', borderRadius: 2 },
        components: { Button: { height: 48 } },
      },
    };
    const merged = mergeThemeConfig(base, {
      themeOverrides: {
        token: { borderRadius: 6, fontFamily: 'Inter' },
        components: { Button: null, Card: { padding: [8, 16] } },
      },
    });
    expect(merged.themeOverrides).toEqual({
      token: { colorPrimary: '#111111', borderRadius: 6, fontFamily: 'Inter' },
      components: { Button: { height: 48 }, Card: { padding: [8, 16] } },
    });
  });

  it('drops junk inside theme overrides and keeps what was there', () => {
    const base: ThemeConfig = { ...defaults, themeOverrides: { a: 1, list: ['x'] } };
    const merged = mergeThemeConfig(base, {
      themeOverrides: {
        a: Number.NaN,
        b: () => 1,
        c: Symbol('c'),
        list: ['y', null],
        d: 10n,
        e: 'kept',
      },
    });
    expect(merged.themeOverrides).toEqual({ a: 1, list: ['x'], e: 'kept' });
  });

  it('never copies prototype-reaching keys', () => {
    const hostile = JSON.parse(
      '{"themeOverrides": {"__proto__": {"polluted": true}, "constructor": {"x": 1}, "ok": 1}}',
    ) as unknown;
    const merged = mergeThemeConfig(defaults, hostile);
    expect(merged.themeOverrides).toEqual({ ok: 1 });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(merged.themeOverrides)).toBe(Object.prototype);
  });

  it('survives cyclic overrides and throwing getters', () => {
    const cyclic: Record<string, unknown> = { depth: 1 };
    cyclic.self = cyclic;
    expect(mergeThemeConfig(defaults, { themeOverrides: cyclic }).themeOverrides).toEqual({
      depth: 1,
    });

    const throwing = {
      get colors(): never {
        throw new Error('boom');
      },
      storeFrontName: 'Still Here',
    };
    const merged = mergeThemeConfig(defaults, throwing);
    expect(merged.colors).toEqual(defaults.colors);
    expect(merged.storeFrontName).toBe('Still Here');
  });

  it('does not modify the defaults', () => {
    const snapshot = structuredClone(defaults);
    mergeThemeConfig(defaults, {
      colors: { primary: '#000000' },
      flags: { enableRoundedBorders: true },
      themeOverrides: { token: { x: 1 } },
    });
    expect(defaults).toEqual(snapshot);
  });

  it('accepts a JSON string config only once parsed (a raw string is junk)', () => {
    const json = '{"colors":{"primary":"#222222"}}';
    expect(mergeThemeConfig(defaults, json)).toEqual(defaults);
    expect(mergeThemeConfig(defaults, JSON.parse(json)).colors.primary).toBe('#222222');
  });
});
