const hexColor = /^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
// Only digits, units, separators and keywords inside the parentheses: no nested
// functions such as url(...), no ";" or "}", so a colour cannot smuggle in other CSS.
const functionalColor = /^(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch)\(\s*[\d.%\s,/+a-z-]+\)$/i;
const namedColor = /^[a-z]{3,30}$/i;

/** The longest colour text taken (after trimming). */
export const cssColorMaxLength = 64;

/** A trimmed text that is a CSS colour: hex, rgb()/hsl()-style functional notation, or a name. */
export function isCssColorText(text: string): boolean {
  return hexColor.test(text) || functionalColor.test(text) || namedColor.test(text);
}

/** The CSS colour a value is (trimmed), or undefined when it is none. */
export function cssColorOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  return text.length <= cssColorMaxLength && isCssColorText(text) ? text : undefined;
}
