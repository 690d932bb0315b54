// Control characters (NUL above all, which PostgreSQL text refuses) and lone surrogates have no
// place in what people type: refused as bad input rather than left to fail in the database.
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
const unsafeCharacters = /[\u0000-\u001f\u007f]|[\ud800-\udfff]/u;

/** Text without control characters or lone surrogates (plain code: no zod). */
export const isSafeText = (value: string): boolean => !unsafeCharacters.test(value);
