import { z } from 'zod';

/** Longest landing or redirect page kept (a long URL with its query string). */
export const MAX_SESSION_PAGE_LENGTH = 2048;

// Control characters (NUL above all, which PostgreSQL text refuses) and lone surrogates have no
// place in a URL: refused as bad input rather than left to fail in the database.
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
const unsafeCharacters = /[\u0000-\u001f\u007f]|[\ud800-\udfff]/u;

const page = z
  .string()
  .min(1)
  .max(MAX_SESSION_PAGE_LENGTH)
  .refine((value) => !unsafeCharacters.test(value), { message: 'Invalid characters' });

/** POST User/InsertQueryStringIntoSessionGUIDRequest (spec §7). */
export const sessionInitRequest = z
  .object({
    queryString: z
      .object({
        LandingPage: page,
        RedirectPage: page.optional(),
      })
      .strict(),
    guid: z.null(),
  })
  .strict();

/** Answers `{ statusCode, data }`, data being the session GUID; success when statusCode is 200. */
export const sessionInitResponse = z.object({
  statusCode: z.number().int(),
  data: z.string().uuid(),
});

export type SessionInitRequest = z.infer<typeof sessionInitRequest>;
export type SessionInitResponse = z.infer<typeof sessionInitResponse>;
