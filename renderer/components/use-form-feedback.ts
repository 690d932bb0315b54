import type { FormInstance } from 'antd';
import { createElement, type ReactNode, useEffect, useState } from 'react';
import type { z } from 'zod';
import { type FormResult, validateForm } from '../../shared/validation/validate-form';
import {
  clearFieldErrors,
  messagesOf,
  type ServerFeedbackOptions,
  serverFeedback,
  showFieldErrors,
} from './form-feedback';

export interface FieldFeedback {
  name: string;
  validateStatus?: 'error';
  /** The message, in an element with role alert so screen readers announce it. */
  help?: ReactNode;
}

/**
 * A form's error handling: `validate` checks the input with the spec's rules (spec §5) and
 * puts each message under its field, returning null so nothing is sent; the last failed call's
 * messages go on their fields too, or come back as `alert` for the form as a whole. Spread
 * `field(name)` on each Form.Item and pass `onValuesChange` to the Form: a field's message
 * goes away as soon as it is edited. Messages are announced (role alert) and linked to their
 * input (aria-describedby, aria-invalid) by antd. Form.Items given only a `name` still get the
 * messages through the form instance (not announced).
 */
export function useFormFeedback(
  form: FormInstance,
  error: unknown,
  options: ServerFeedbackOptions = {},
) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<unknown>(undefined);
  const { fieldMap, messageField } = options;

  useEffect(() => {
    if (!error) {
      setAlert(undefined);
      return;
    }
    const feedback = serverFeedback(error, { fieldMap, messageField });
    setErrors(feedback.fields);
    showFieldErrors(form, feedback.fields);
    setAlert(feedback.alert);
  }, [error, form, fieldMap, messageField]);

  function validate<S extends z.ZodObject>(schema: S, values: unknown): z.output<S> | null {
    return accept(validateForm(schema, values));
  }

  /** As `validate`, for input already checked by plain field checks (a page without zod). */
  function accept<Data>(result: FormResult<Data>): Data | null {
    setAlert(undefined);
    if (result.ok) {
      clearFieldErrors(form, Object.keys(errors));
      setErrors({});
      return result.data;
    }
    const messages = messagesOf(result.errors);
    setErrors(messages);
    showFieldErrors(form, messages);
    return null;
  }

  function field(name: string): FieldFeedback {
    const message = errors[name];
    if (!message) return { name };
    return {
      name,
      validateStatus: 'error',
      help: createElement('span', { role: 'alert' }, message),
    };
  }

  function onValuesChange(changed: Record<string, unknown>) {
    const names = Object.keys(changed).filter((name) => errors[name]);
    if (names.length === 0) return;
    clearFieldErrors(form, names);
    setErrors((current) => {
      const next = { ...current };
      for (const name of names) delete next[name];
      return next;
    });
  }

  return { alert, validate, accept, field, onValuesChange, errors };
}
