import { Form, Input, Select } from 'antd';
import type { StateData } from '../../shared/contracts/catalog';

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
  /** The choices of a field named `state` (a searchable list instead of a text input). */
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
 * label tied to the input, its required mark, and its error on the field (role="alert").
 */
export function FormFieldGrid<Name extends string>(props: FormFieldGridProps<Name>) {
  return (
    <div className={`${props.classPrefix}-grid`}>
      {props.fields.map((field) => {
        const id = `${props.idPrefix}-${field.name}`;
        const message = props.messageOf(field.name);
        return (
          <Form.Item
            key={field.name}
            label={field.label}
            htmlFor={id}
            required={!field.optional}
            validateStatus={message ? 'error' : undefined}
            help={message ? <span role="alert">{message}</span> : undefined}
            className={`${props.classPrefix}-field ${props.classPrefix}-field-${field.name}`}
            layout="vertical"
          >
            {field.name === 'state' ? (
              <Select
                id={id}
                value={props.values[field.name] || undefined}
                onChange={(value: string) => props.onChange(field.name, value)}
                showSearch={{ optionFilterProp: 'label' }}
                placeholder="Choose a state"
                options={props.states.map((s) => ({ value: s.code, label: s.name }))}
                aria-invalid={Boolean(message)}
                disabled={props.disabled}
              />
            ) : (
              <Input
                id={id}
                value={props.values[field.name]}
                onChange={(event) => props.onChange(field.name, event.target.value)}
                autoComplete={field.autoComplete}
                inputMode={field.numeric ? 'numeric' : undefined}
                aria-invalid={Boolean(message)}
                disabled={props.disabled}
              />
            )}
          </Form.Item>
        );
      })}
    </div>
  );
}
