import { z } from 'zod';

/** POST User/InsertQueryStringIntoSessionGUIDRequest (spec §7). */
export const sessionInitRequest = z
  .object({
    queryString: z
      .object({
        LandingPage: z.string().max(2048),
        RedirectPage: z.string().max(2048).optional(),
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
