import type { UIMatch } from 'react-router';

/** What a route tells the page frame about its page. */
export interface PageHandle {
  /** The page is plain markup: no antd theme is fetched or wrapped around it. */
  plain: boolean;
}

/** Whether the page shown is plain markup (the home page, the checkout's summary). */
export function isPlainPage(matches: readonly UIMatch[]): boolean {
  return matches.some((match) => (match.handle as PageHandle | undefined)?.plain === true);
}
