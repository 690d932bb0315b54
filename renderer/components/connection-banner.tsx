import { useSyncExternalStore } from 'react';
import { messages } from '../../shared/errors/messages';
import type { ConnectionNotice } from './connection-notice';

/**
 * The connection-error message of spec §8, word for word, with "Please contact Customer Support
 * with any questions." Plain markup on purpose: it must show even when no other chunk can load.
 */
export function ConnectionBanner({ notice }: { notice: ConnectionNotice }) {
  const visible = useSyncExternalStore(notice.subscribe, notice.visible);
  return (
    <div className="connection-banner-region" role="alert">
      {visible && (
        <div className="connection-banner">
          <p>
            {messages.connectionError} {messages.contactSupport}
          </p>
          <button type="button" className="connection-banner__close" onClick={notice.hide}>
            Dismiss
          </button>
        </div>
      )}
    </div>
  );
}
