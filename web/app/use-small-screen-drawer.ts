import { useMediaQuery } from '../../renderer/components/use-media-query';
import { smallScreenBreakpoint } from '../../shared/theme/layout';

/** Drawers take the whole width below the small-screen breakpoint (spec §9: 670 px). */
export function useDrawerSize(): number | string {
  const small = useMediaQuery(`(max-width: ${smallScreenBreakpoint - 1}px)`);
  return small ? '100%' : 440;
}
