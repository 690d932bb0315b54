import type { StateData } from '../../shared/contracts/catalog';
import { FieldFrame, TextField } from './text-field';

export interface GridField<Name extends string> {
  name: Name;
  label: string;
  autoComplete: string;
  optional?: boolean;
  /** Digits only (zip, phone, fax, NPI): the numeric keyboard on phones. */
  numeric?: boolean;
}

export interface FormFieldGridProps<Name extends string> {
  fields: readonly GridField<Name>[];
  values: Record<Name, string>;
  /** The field's error message, shown under it and announced; none when valid. */
  messageOf(name: Name): string | undefined;
  onChange(name: Name, value: string): void;
  /** The inputs' ids are `${idPrefix}-${name}`; the grid's class `${classPrefix}-grid`. */
  idPrefix: string;
  classPrefix: string;
  /** The choices of a field named `state` (a list instead of a text input). */
  states: readonly StateData[];
  disabled?: boolean | undefined;
}

/** Moves the focus to the first field, in the grid's order, that has a message. */
export function focusFirstError<Name extends string>(
  fields: readonly GridField<Name>[],
  messages: Partial<Record<Name, string>>,
  idPrefix: string,
): void {
  const first = fields.find((field) => messages[field.name]);
  if (first) document.getElementById(`${idPrefix}-${first.name}`)?.focus();
}

/**
 * The labelled inputs of an address-like form, laid out by the caller's CSS grid: each with its
 * label tied to the input, its required mark, and its error under it (role="alert"). The state
 * is the browser's own list: typing a state's first letters picks it, and a phone shows its
 * native picker.
 */
export function FormFieldGrid<Name extends string>(props: FormFieldGridProps<Name>) {
  return (
    <div className={`${props.classPrefix}-grid`}>
      {props.fields.map((field) => {
        const id = `${props.idPrefix}-${field.name}`;
        const error = props.messageOf(field.name);
        const required = !field.optional;
        const frame = {
          id,
          label: field.label,
          required,
          error,
          className: `${props.classPrefix}-field ${props.classPrefix}-field-${field.name}`,
        };
        if (field.name === 'state') {
          return (
            <FieldFrame key={field.name} {...frame}>
              <select
                id={id}
                value={props.values[field.name]}
                onChange={(event) => props.onChange(field.name, event.target.value)}
                autoComplete={field.autoComplete}
                aria-required={required || undefined}
                aria-invalid={Boolean(error)}
                aria-describedby={error ? `${id}-error` : undefined}
                disabled={props.disabled}
              >
                <option value="">Choose a state</option>
                {props.states.map((state) => (
                  <option key={state.code} value={state.code}>
                    {state.name}
                  </option>
                ))}
              </select>
            </FieldFrame>
          );
        }
        return (
          <TextField
            key={field.name}
            {...frame}
            value={props.values[field.name]}
            onChange={(event) => props.onChange(field.name, event.target.value)}
            autoComplete={field.autoComplete}
            inputMode={field.numeric ? 'numeric' : undefined}
            disabled={props.disabled}
          />
        );
      })}
    </div>
  );
}
