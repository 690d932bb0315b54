import { useMediaQuery } from '../../renderer/components/use-media-query';
import { smallScreenBreakpoint } from '../../shared/theme/layout';

const query = `(max-width: ${smallScreenBreakpoint - 1}px)`;

/** Below the 670 px small-screen breakpoint of spec §9. */
export function useSmallScreen(): boolean {
  return useMediaQuery(query);
}
