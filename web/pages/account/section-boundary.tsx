import { Component, type ReactNode, Suspense } from 'react';
import { AntdBoundary } from '../../app/antd-boundary';
import { LoadFailed, LoadingText } from '../loadable';

/**
 * An account section whose code is fetched the first time it is opened: its loading state
 * while the code arrives and, when it cannot be fetched (offline, or a new release replaced
 * it) or fails to draw, the section's failed state instead of a blank page. Trying again
 * reloads the page, which fetches the release's code anew. A section drawn with antd is
 * wrapped in the storefront's antd theme (the account page itself is plain).
 */
export class SectionBoundary extends Component<
  { what: string; usesAntd: boolean; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    const { what, usesAntd, children } = this.props;
    if (this.state.failed)
      return <LoadFailed what={what} onRetry={() => window.location.reload()} />;
    const loading = <LoadingText what={what} />;
    return (
      <Suspense fallback={loading}>
        {usesAntd ? <AntdBoundary fallback={loading}>{children}</AntdBoundary> : children}
      </Suspense>
    );
  }
}
