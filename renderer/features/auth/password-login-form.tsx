import { Button, Form, Input } from 'antd';
import type { LoginFormData } from '../../../shared/validation/forms';
import { ErrorAlert } from '../../components/error-alert';
import { useFormFeedback } from '../../components/use-form-feedback';
import { checkPasswordLogin } from './account-form-values';

export interface PasswordLoginFormProps {
  onSubmit: (data: LoginFormData) => void;
  pending: boolean;
  error: unknown;
  initialEmail?: string;
}

const feedback = { fieldMap: { username: 'email' }, messageField: 'password' };

/** Email and password sign-in (spec §5: the email rule; §8: the wrong-credentials message). */
export function PasswordLoginForm({
  onSubmit,
  pending,
  error,
  initialEmail,
}: PasswordLoginFormProps) {
  const [form] = Form.useForm();
  const { alert, accept, field, onValuesChange } = useFormFeedback(form, error, feedback);
  return (
    <Form
      form={form}
      name="password-login"
      layout="vertical"
      requiredMark={false}
      onValuesChange={onValuesChange}
      initialValues={{ email: initialEmail ?? '' }}
      onFinish={(values) => {
        const data = accept(checkPasswordLogin(values));
        if (data) onSubmit(data);
      }}
    >
      <ErrorAlert error={alert} />
      <Form.Item label="Email" {...field('email')}>
        <Input size="large" autoComplete="email" inputMode="email" />
      </Form.Item>
      <Form.Item label="Password" {...field('password')}>
        <Input.Password size="large" autoComplete="current-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={pending}>
        SIGN IN
      </Button>
    </Form>
  );
}
