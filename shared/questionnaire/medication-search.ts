/** The medication list of spec §9: how long a search is, and its options' labels (no zod). */

export const MIN_MEDICATION_SEARCH_LENGTH = 2;
export const MAX_MEDICATION_SEARCH_LENGTH = 100;

/** The medication list's option labels of spec §9, word for word, for the UI. */
export const medicationOptionLabels = {
  notTakingAny: "I'm not taking any medication",
  none: 'NONE',
  noMatchFound: 'NO MATCH FOUND',
  saveAsManualEntry: 'Save as Manual Entry?',
} as const;
