/** The doctor rating's limits (no zod: the ended visit's page reads them too). */

/** A rating's comment, in characters. */
export const RATING_COMMENT_MAX = 1000;
