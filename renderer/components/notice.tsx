import './controls.css';
import type { ReactNode } from 'react';

/**
 * A boxed notice in the tone of what it says (antd's Alert's colours): a title and, below it,
 * what to do. Errors are announced as alerts; the others are read in their place.
 */
export function Notice(props: {
  tone: 'error' | 'warning' | 'success' | 'info';
  title: ReactNode;
  description?: ReactNode;
  className?: string;
}) {
  const classes = [
    'notice',
    `notice--${props.tone}`,
    props.description ? 'notice--with-description' : '',
    props.className ?? '',
  ];
  return (
    <div
      role={props.tone === 'error' ? 'alert' : undefined}
      className={classes.filter(Boolean).join(' ')}
    >
      <p className="notice__title">{props.title}</p>
      {props.description ? <div className="notice__description">{props.description}</div> : null}
    </div>
  );
}
