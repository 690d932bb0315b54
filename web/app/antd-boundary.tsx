import { lazy, type ReactNode, Suspense } from 'react';
import { BootSplash } from './boot-splash';
import { useStorefront } from './storefront-context';

const AntdTheme = lazy(() => import('./antd-theme'));

/** Starts fetching antd's theme chunk (with a page's or a drawer's own chunk, not after it). */
export const preloadAntdTheme = () => import('./antd-theme');

/** Wraps what uses antd in the storefront's antd theme, loading it on first use. */
export function AntdBoundary({
  children,
  fallback,
}: {
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const { theme } = useStorefront();
  return (
    <Suspense fallback={fallback === undefined ? <BootSplash /> : fallback}>
      <AntdTheme theme={theme}>{children}</AntdTheme>
    </Suspense>
  );
}
