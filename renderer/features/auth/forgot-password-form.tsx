import { Alert, Button, Form, Input } from 'antd';
import { messages } from '../../../shared/errors/messages';
import type { ResetPasswordRequestFormData } from '../../../shared/validation/forms';
import { ErrorAlert } from '../../components/error-alert';
import { useFormFeedback } from '../../components/use-form-feedback';
import { checkResetRequest } from './account-form-values';

export interface ForgotPasswordFormProps {
  onSubmit: (data: ResetPasswordRequestFormData) => void;
  pending: boolean;
  error: unknown;
  sent: boolean;
}

const feedback = { messageField: 'email' };

/** Password reset request: the email to send a reset link to (spec §5 key emailFormatError). */
export function ForgotPasswordForm({ onSubmit, pending, error, sent }: ForgotPasswordFormProps) {
  const [form] = Form.useForm();
  const { alert, accept, field, onValuesChange } = useFormFeedback(form, error, feedback);
  return (
    <Form
      form={form}
      name="forgot-password"
      layout="vertical"
      requiredMark={false}
      onValuesChange={onValuesChange}
      onFinish={(values) => {
        const data = accept(checkResetRequest(values));
        if (data) onSubmit(data);
      }}
    >
      <p>Enter your email and we will send you a link to reset your password.</p>
      {sent && <Alert type="success" role="status" title={messages.resetEmailSent} />}
      <ErrorAlert error={alert} />
      <Form.Item label="Email" {...field('email')}>
        <Input size="large" autoComplete="email" inputMode="email" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={pending}>
        SEND RESET LINK
      </Button>
    </Form>
  );
}
