import { messages } from '../../shared/errors/messages';
import { errorTextOf } from './api-error-text';
import { Notice } from './notice';

/** A failed call's message, announced to screen readers (role alert). */
export function ErrorAlert({ error, message }: { error?: unknown; message?: string }) {
  if (error === undefined && message === undefined) return null;
  const text = message !== undefined ? { message, connection: false } : errorTextOf(error);
  return (
    <Notice
      tone="error"
      className="error-alert"
      title={text.message}
      description={text.connection ? messages.contactSupport : undefined}
    />
  );
}
