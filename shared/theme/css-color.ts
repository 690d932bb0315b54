import { z } from 'zod';

const hexColor = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
// Only digits, units, separators and keywords inside the parentheses: no nested
// functions such as url(...), no ";" or "}", so a colour cannot smuggle in other CSS.
const functionalColor = /^(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(\s*[\d.%\s,/+a-z-]+\)$/i;
const namedColor = /^[a-z]{3,30}$/i;

/** A CSS colour: hex, rgb()/hsl()-style functional notation, or a named colour. */
export const cssColorSchema = z
  .string()
  .trim()
  .max(64)
  .refine(
    (value) => hexColor.test(value) || functionalColor.test(value) || namedColor.test(value),
    { message: 'Not a CSS colour' },
  );
