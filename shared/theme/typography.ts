/**
 * Font sizes of spec §9, in CSS pixels. The spec lists four body sizes (18, 16, 14, 15)
 * without saying which text uses which, so they are numbered in the spec's order.
 */
export const fontSizes = {
  h1: 38,
  h2: 30,
  h3: 20,
  body1: 18,
  body2: 16,
  body3: 14,
  body4: 15,
  smallHeader: 12,
} as const;

export type FontSizeName = keyof typeof fontSizes;
