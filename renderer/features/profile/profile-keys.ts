/**
 * react-query keys of the profile feature: every input of a fetch is in its key. They start
 * as the account's keys do (`['account', identity]`), so what clears an account clears them.
 */
export const profileKeys = {
  medications: (identity: string) => ['account', identity, 'medications'] as const,
};
