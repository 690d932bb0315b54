/** Layout constants of spec §9, in CSS pixels unless named otherwise. */

export const containerWidths = {
  /** The narrower content container. */
  sub: 1200,
  main: 1600,
} as const;

/** Below this width the small-screen layout applies. */
export const smallScreenBreakpoint = 670;

export const breakpoints = {
  xs: 0,
  sm: 600,
  md: 960,
  lg: 1280,
  xl: 1920,
} as const;

export type Breakpoint = keyof typeof breakpoints;

/** The base spacing unit; spacings are multiples of it. */
export const spacingUnit = 8;

export function spacing(multiple: number): number {
  return spacingUnit * multiple;
}

export const buttonHeight = 48;

/** How long focus-visible waits before it decides a focus came from the keyboard. */
export const focusVisibleDelayMs = 100;

/** Images start loading this far before they scroll into view (IntersectionObserver rootMargin). */
export const lazyLoadRootMargin = '200px';

/** Shown when a product has no thumbnail or its image fails to load (spec §3). */
export const fallbackImagePath = '/images/product-fallback.svg';
