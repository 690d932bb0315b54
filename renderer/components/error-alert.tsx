import './controls.css';
import { messages } from '../../shared/errors/messages';
import { errorTextOf } from './api-error-text';

/** A failed call's message, announced to screen readers (role alert). */
export function ErrorAlert({ error, message }: { error?: unknown; message?: string }) {
  if (error === undefined && message === undefined) return null;
  const text = message !== undefined ? { message, connection: false } : errorTextOf(error);
  return (
    <ErrorBox
      className="error-alert"
      title={text.message}
      description={text.connection ? messages.contactSupport : undefined}
    />
  );
}

/** An error's title and, below it, what to do: a box announced as an alert. */
export function ErrorBox(props: {
  title: string;
  description?: string | undefined;
  className?: string;
}) {
  const classes = [
    'error-box',
    props.description ? 'error-box--with-description' : '',
    props.className ?? '',
  ];
  return (
    <div role="alert" className={classes.filter(Boolean).join(' ')}>
      <p className="error-box__title">{props.title}</p>
      {props.description ? <p className="error-box__description">{props.description}</p> : null}
    </div>
  );
}
