import { useSyncExternalStore } from 'react';
import type { LoadingCounter } from '../../shared/api/loading-counter';

/**
 * The global loading bar of spec §4: shown from the first request's start to the last one's
 * end. It is announced to screen readers only as "busy" on the page, not as text.
 */
export function LoadingBar({ counter, color }: { counter: LoadingCounter; color: string }) {
  const loading = useSyncExternalStore(
    (onChange) => counter.subscribe(onChange),
    () => counter.loading,
  );
  return (
    <div
      role="progressbar"
      aria-label="Loading"
      aria-hidden={!loading}
      data-loading={loading}
      className="global-loading-bar"
      style={{
        position: 'fixed',
        top: 0,
        left: 0,
        right: 0,
        height: 3,
        zIndex: 2000,
        background: color,
        opacity: loading ? 1 : 0,
        transition: 'opacity 200ms',
        pointerEvents: 'none',
      }}
    />
  );
}
