import { Button, Form, Input } from 'antd';
import type { ResetPasswordFormData } from '../../../shared/validation/forms';
import { ErrorAlert } from '../../components/error-alert';
import { useFormFeedback } from '../../components/use-form-feedback';
import { checkResetPassword } from './reset-password-values';

export interface ResetPasswordFormProps {
  /** The token of the emailed link. */
  token: string;
  onSubmit: (data: ResetPasswordFormData) => void;
  pending: boolean;
  error: unknown;
}

const feedback = { fieldMap: { token: 'password' }, messageField: 'password' };

/** A new password from the reset link (spec §5 password rule; the link's token is checked too). */
export function ResetPasswordForm({ token, onSubmit, pending, error }: ResetPasswordFormProps) {
  const [form] = Form.useForm();
  const { alert, accept, field, onValuesChange } = useFormFeedback(form, error, feedback);
  return (
    <Form
      form={form}
      name="reset-password"
      layout="vertical"
      requiredMark={false}
      onValuesChange={onValuesChange}
      onFinish={(values: { password?: string }) => {
        const data = accept(checkResetPassword({ token, password: values.password ?? '' }));
        if (data) onSubmit(data);
      }}
    >
      <ErrorAlert error={alert} />
      <Form.Item
        label="New password"
        {...field('password')}
        extra="8 to 50 characters, with an uppercase letter, a number and one of # $ ^ @ ! % & * ?"
      >
        <Input.Password size="large" autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={pending}>
        RESET PASSWORD
      </Button>
    </Form>
  );
}
