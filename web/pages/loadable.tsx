import type { ReactNode } from 'react';

/** What a section shows while it loads. */
export function LoadingText({ what }: { what: string }) {
  return (
    <p className="loading-text" aria-busy="true">
      Loading {what}…
    </p>
  );
}

/**
 * What a section shows when it could not be loaded: what, and a way to try again; why (spec
 * §8's connection message) is said by the app's notice.
 */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div className="load-failed" role="alert">
      <p>We could not load {what}.</p>
      <button type="button" className="text-button" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** A section's loading, failed and loaded states, from the query that reads its data. */
export function Loadable(props: {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  what: string;
  children: ReactNode;
}) {
  if (props.query.isPending) return <LoadingText what={props.what} />;
  if (props.query.isError) {
    return <LoadFailed what={props.what} onRetry={() => void props.query.refetch()} />;
  }
  return <>{props.children}</>;
}
