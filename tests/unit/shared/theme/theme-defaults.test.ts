import { describe, expect, it } from 'vitest';
import { themeColorKeys, themeFlagKeys } from '../../../../shared/theme/theme-config';
import { defaultThemeConfig } from '../../../../shared/theme/theme-defaults';

describe('theme defaults (spec §3, §9)', () => {
  it.each([...themeFlagKeys])('flag %s defaults to false', (flag) => {
    expect(defaultThemeConfig.flags[flag]).toBe(false);
  });

  it('lists exactly the thirteen flags of spec §3', () => {
    expect([...themeFlagKeys].sort()).toEqual(
      [
        'enableRoundedBorders',
        'hideIncentiveBanner',
        'disableOpenCartEntryPage',
        'hidePriceAndCycleProductPage',
        'hideFeatureInfoImages',
        'leftAlignFeatureInfoText',
        'firstFeatureInfoExtraMarginTop',
        'overrideMTMPWithSPHomePage',
        'productImageTopOnMobile',
        'pricePerCycleBottomOnMobile',
        'enableDonationsSummaryPage',
        'useAltHeroTitleAndDesc',
        'useAltTextAndSubTextWrapper',
      ].sort(),
    );
    expect(Object.keys(defaultThemeConfig.flags).sort()).toEqual([...themeFlagKeys].sort());
  });

  it('has a default for every colour of spec §3', () => {
    expect(Object.keys(defaultThemeConfig.colors).sort()).toEqual([...themeColorKeys].sort());
    for (const key of themeColorKeys) {
      expect(defaultThemeConfig.colors[key]).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it('is dark green on white (spec §9)', () => {
    expect(defaultThemeConfig.colors.primary).toBe('#1e4d3a');
    expect(defaultThemeConfig.colors.secondary).toBe('#ffffff');
  });

  it('has a store front name and no overrides', () => {
    expect(defaultThemeConfig.storeFrontName.length).toBeGreaterThan(0);
    expect(defaultThemeConfig.themeOverrides).toEqual({});
  });
});
