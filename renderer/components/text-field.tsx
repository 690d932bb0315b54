import './controls.css';
import type { InputHTMLAttributes, ReactNode } from 'react';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className' | 'children'>;

/**
 * A labelled text input with its message below, tied to the input by aria-describedby, and an
 * optional `suffix` inside the box (a card's brand). `required` marks it for sight and for
 * assistive technology; the caller checks the value, so the browser never stops a submit.
 */
export function TextField({
  id,
  label,
  error,
  suffix,
  className,
  required,
  ...input
}: InputProps & {
  id: string;
  label: string;
  error?: string | undefined;
  suffix?: ReactNode;
  className?: string;
}) {
  return (
    <FieldFrame id={id} label={label} required={required} error={error} className={className}>
      <input
        {...input}
        id={id}
        aria-required={required || undefined}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {suffix}
    </FieldFrame>
  );
}

/** A field's label, its bordered box (the input, or a payment provider's frame) and message. */
export function FieldFrame(props: {
  id: string;
  label: string;
  required?: boolean | undefined;
  error?: string | undefined;
  className?: string | undefined;
  /** Ties the label to an input of ours; a provider's frame names its own inputs. */
  labelFor?: boolean;
  children: ReactNode;
}) {
  const classes = ['text-field', props.error ? 'text-field--invalid' : '', props.className ?? ''];
  return (
    <div className={classes.filter(Boolean).join(' ')}>
      <label
        className="text-field__label"
        htmlFor={props.labelFor === false ? undefined : props.id}
      >
        {props.required ? (
          <span className="text-field__required" aria-hidden="true">
            *
          </span>
        ) : null}
        {props.label}
      </label>
      <div className="text-field__box">{props.children}</div>
      {props.error ? (
        <p id={`${props.id}-error`} role="alert" className="text-field__error">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}
