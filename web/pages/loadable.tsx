import type { ReactNode } from 'react';

/**
 * A section's loading, failed and loaded states. A failure says what could not be loaded and
 * offers to try again; why (spec §8's connection message) is said by the app's notice.
 */
export function Loadable(props: {
  query: { isPending: boolean; isError: boolean; refetch: () => unknown };
  what: string;
  children: ReactNode;
}) {
  if (props.query.isPending) {
    return (
      <p className="loading-text" aria-busy="true">
        Loading {props.what}…
      </p>
    );
  }
  if (props.query.isError) {
    return (
      <div className="load-failed" role="alert">
        <p>We could not load {props.what}.</p>
        <button type="button" className="text-button" onClick={() => void props.query.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  return <>{props.children}</>;
}
