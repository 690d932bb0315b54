/** How often an auto-refill is placed, in days (no zod: the account's refill form reads them too). */

export const MIN_REFILL_INTERVAL_DAYS = 7;
export const MAX_REFILL_INTERVAL_DAYS = 365;
