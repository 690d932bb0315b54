import { Button, Form, Input, type InputProps } from 'antd';
import { type FormEvent, useEffect, useState } from 'react';
import { validationMessages } from '../../shared/errors/messages';
import { required } from '../../shared/validation/field-checks';
import type { TextCheck } from '../../shared/validation/text-checks';

export interface CheckedSearchProps {
  /** The input's id (its label points at it). */
  id: string;
  label: string;
  /** The rule the value must pass before it is searched for (spec §5); its message when not. */
  check: TextCheck;
  /** The value to start from; taken as it arrives while the box is still empty. */
  initialValue?: string | undefined;
  onSearch: (value: string) => void;
  searching?: boolean | undefined;
  className: string;
  inputProps?: Pick<InputProps, 'inputMode' | 'autoComplete'>;
}

/**
 * One search box and its SEARCH button, the value checked by its rule before anything is
 * sent: a refused value is said under the field, which takes the focus.
 */
export function CheckedSearch(props: CheckedSearchProps) {
  const [value, setValue] = useState(props.initialValue ?? '');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setValue((current) => current || (props.initialValue ?? ''));
  }, [props.initialValue]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = required(props.check)(value);
    if (!checked.ok) {
      setError(validationMessages[checked.key]);
      document.getElementById(props.id)?.focus();
      return;
    }
    setError(null);
    props.onSearch(checked.value);
  };
  return (
    <form className={props.className} onSubmit={submit} noValidate>
      <Form.Item
        label={props.label}
        htmlFor={props.id}
        validateStatus={error ? 'error' : undefined}
        help={error}
        layout="vertical"
      >
        <div className="inline-search">
          <Input
            id={props.id}
            value={value}
            autoComplete="off"
            {...props.inputProps}
            onChange={(event) => {
              setValue(event.target.value);
              setError(null);
            }}
            aria-invalid={Boolean(error)}
          />
          <Button type="primary" htmlType="submit" loading={props.searching}>
            SEARCH
          </Button>
        </div>
      </Form.Item>
    </form>
  );
}
