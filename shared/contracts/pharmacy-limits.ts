/** The pharmacy search's and map's limits (no zod: the web pages read them too). */

export const DEFAULT_PHARMACY_RADIUS_MILES = 25;
export const MAX_PHARMACY_RADIUS_MILES = 100;
/** At most this many pharmacies in a list or on a map. */
export const MAX_PHARMACY_RESULTS = 50;
