import { useSyncExternalStore } from 'react';
import { smallScreenBreakpoint } from '../../shared/theme/layout';

const query = `(max-width: ${smallScreenBreakpoint - 1}px)`;

/** Below the 670 px small-screen breakpoint of spec §9. */
export function useSmallScreen(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
