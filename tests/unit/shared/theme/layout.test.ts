import { describe, expect, it } from 'vitest';
import {
  breakpoints,
  buttonHeight,
  containerWidths,
  fallbackImagePath,
  focusVisibleDelayMs,
  lazyLoadRootMargin,
  smallScreenBreakpoint,
  spacing,
  spacingUnit,
} from '../../../../shared/theme/layout';
import { fontSizes } from '../../../../shared/theme/typography';

describe('layout constants (spec §9)', () => {
  it('has containers of 1200 (sub) and 1600 (main) and a small screen below 670', () => {
    expect(containerWidths).toEqual({ sub: 1200, main: 1600 });
    expect(smallScreenBreakpoint).toBe(670);
  });

  it('has the theme breakpoints xs 0, sm 600, md 960, lg 1280, xl 1920', () => {
    expect(breakpoints).toEqual({ xs: 0, sm: 600, md: 960, lg: 1280, xl: 1920 });
  });

  it('spaces in steps of 8 with 48 px buttons', () => {
    expect(spacingUnit).toBe(8);
    expect(spacing(3)).toBe(24);
    expect(buttonHeight).toBe(48);
  });

  it('has a 100 ms focus-visible timer, a 200px lazy-load margin and a fallback image', () => {
    expect(focusVisibleDelayMs).toBe(100);
    expect(lazyLoadRootMargin).toBe('200px');
    expect(fallbackImagePath).toBe('/images/product-fallback.svg');
  });
});

describe('font sizes (spec §9)', () => {
  it('are h1 38, h2 30, h3 20, body 18, 16, 14, 15 and small header 12', () => {
    expect(fontSizes).toEqual({
      h1: 38,
      h2: 30,
      h3: 20,
      body1: 18,
      body2: 16,
      body3: 14,
      body4: 15,
      smallHeader: 12,
    });
  });
});
