import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import '../../renderer/components/button.css';
import { messages } from '../../shared/errors/messages';

/**
 * What a page shows when it cannot be drawn: its code could not be fetched (the connection
 * dropped, or a new release replaced the files this tab was opened with) or it failed as it
 * rendered. The header and footer stay; TRY AGAIN loads the page afresh, a new release's files
 * included. The texts are spec §8's connection error. Plain markup, in the first bundle: it
 * must show when no other chunk can load.
 */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    // Kept in the browser's console, where support can read what happened.
    console.error(error);
  }, [error]);
  return (
    <div className="container-narrow page" role="alert">
      <h1>This page did not load</h1>
      <p>{messages.connectionError}</p>
      <p>{messages.contactSupport}</p>
      <button
        type="button"
        className="button button--primary"
        onClick={() => window.location.reload()}
      >
        TRY AGAIN
      </button>
    </div>
  );
}
