import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import type { ValidationErrorKey } from '../../../shared/errors/messages';
import { type LoginFormData, loginForm } from '../../../shared/validation/forms';
import { errorMessage, validateForm } from '../../../shared/validation/validate-form';

type Field = keyof LoginFormData;

export interface SignInFormProps {
  submitting: boolean;
  /** A message about the whole attempt (wrong credentials, refused role, connection). */
  formError: string | null;
  /** Field errors the server named, by field. */
  serverFieldErrors?: Partial<Record<Field, string>>;
  onSubmit(values: LoginFormData): void;
}

/**
 * Email and password, checked with the spec's login rules before anything is sent; each
 * error is shown on its field and announced.
 */
export function SignInForm({
  submitting,
  formError,
  serverFieldErrors,
  onSubmit,
}: SignInFormProps) {
  const [values, setValues] = useState({ email: '', password: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, ValidationErrorKey>>>({});

  const submit = () => {
    const result = validateForm(loginForm, values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    onSubmit(result.data);
  };

  const fieldError = (field: Field): string | undefined => {
    const key = errors[field];
    return key ? errorMessage(key) : serverFieldErrors?.[field];
  };

  return (
    <Form layout="vertical" onFinish={submit} noValidate requiredMark={false}>
      {formError && (
        <Alert type="error" role="alert" title={formError} showIcon style={{ marginBottom: 16 }} />
      )}
      <Form.Item
        label="Email"
        htmlFor="staff-email"
        validateStatus={fieldError('email') ? 'error' : undefined}
        help={fieldError('email')}
      >
        <Input
          id="staff-email"
          type="email"
          autoComplete="username"
          autoFocus
          value={values.email}
          aria-invalid={fieldError('email') ? true : undefined}
          onChange={(event) => setValues((v) => ({ ...v, email: event.target.value }))}
        />
      </Form.Item>
      <Form.Item
        label="Password"
        htmlFor="staff-password"
        validateStatus={fieldError('password') ? 'error' : undefined}
        help={fieldError('password')}
      >
        <Input.Password
          id="staff-password"
          autoComplete="current-password"
          value={values.password}
          aria-invalid={fieldError('password') ? true : undefined}
          onChange={(event) => setValues((v) => ({ ...v, password: event.target.value }))}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={submitting} block>
        Sign in
      </Button>
    </Form>
  );
}
