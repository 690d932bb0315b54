import { Button, Checkbox, Form, Input } from 'antd';
import { useState } from 'react';
import type { RegistrationFormData } from '../../../shared/validation/forms';
import { ErrorAlert } from '../../components/error-alert';
import { useFormFeedback } from '../../components/use-form-feedback';
import { checkRegistration } from './account-form-values';

export interface RegistrationSubmit {
  form: Omit<RegistrationFormData, 'password'> & { password?: string };
  withPasscode: boolean;
}

export interface RegistrationFormProps {
  onSubmit: (data: RegistrationSubmit) => void;
  pending: boolean;
  error: unknown;
  submitLabel?: string;
}

const feedback = {
  fieldMap: {
    Email: 'email',
    Password: 'password',
    FirstName: 'firstName',
    LastName: 'lastName',
    PhoneNo: 'phoneNo',
  },
  messageField: 'email',
};

/**
 * Registration (spec §5 rules, §7 Register): names, email, optional phone and a password, or
 * one-time passcodes instead of a password (RegisterWithOtp).
 */
export function RegistrationForm({ onSubmit, pending, error, submitLabel }: RegistrationFormProps) {
  const [form] = Form.useForm();
  const { alert, accept, field, onValuesChange } = useFormFeedback(form, error, feedback);
  const [withPasscode, setWithPasscode] = useState(false);
  return (
    <Form
      form={form}
      name="registration"
      layout="vertical"
      requiredMark={false}
      onValuesChange={onValuesChange}
      onFinish={(values) => {
        const data = accept(checkRegistration(values, withPasscode));
        if (data) onSubmit({ form: data, withPasscode });
      }}
    >
      <ErrorAlert error={alert} />
      <div className="form-row">
        <Form.Item label="First name" {...field('firstName')}>
          <Input size="large" autoComplete="given-name" />
        </Form.Item>
        <Form.Item label="Last name" {...field('lastName')}>
          <Input size="large" autoComplete="family-name" />
        </Form.Item>
      </div>
      <Form.Item label="Email" {...field('email')}>
        <Input size="large" autoComplete="email" inputMode="email" />
      </Form.Item>
      <Form.Item label="Phone number (optional)" {...field('phoneNo')}>
        <Input size="large" autoComplete="tel" inputMode="tel" />
      </Form.Item>
      <Form.Item>
        <Checkbox
          checked={withPasscode}
          onChange={(event) => setWithPasscode(event.target.checked)}
        >
          Sign in with one-time passcodes instead of a password
        </Checkbox>
      </Form.Item>
      {!withPasscode && (
        <Form.Item
          label="Password"
          {...field('password')}
          extra="8 to 50 characters, with an uppercase letter, a number and one of # $ ^ @ ! % & * ?"
        >
          <Input.Password size="large" autoComplete="new-password" />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" block loading={pending}>
        {submitLabel ?? 'CREATE ACCOUNT'}
      </Button>
    </Form>
  );
}
