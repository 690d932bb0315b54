import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { ErrorAlert } from '../../components/error-alert';
import { useFormFeedback } from '../../components/use-form-feedback';
import { checkEmailCode } from './account-form-values';

export interface EmailCodeFormProps {
  /** Where the code went. */
  email: string;
  onSubmit: (code: string) => void;
  onResend: () => void;
  /** Back to the details, to correct the email or a name. */
  onBack: () => void;
  pending: boolean;
  resending: boolean;
  /** The registration's failure (a wrong or spent code goes under the field). */
  error: unknown;
  resendError: unknown;
  submitLabel: string;
}

const feedback = { fieldMap: { EmailCode: 'code' }, messageField: 'code' };

/**
 * The second step of every registration: the code we mailed to the address, which proves it
 * before the account is made (so an account never holds anything for an email its maker cannot
 * read). "Send a new code" asks for another; "Change my details" goes back to the form.
 */
export function EmailCodeForm(props: EmailCodeFormProps) {
  const [form] = Form.useForm();
  const { alert, accept, field, onValuesChange } = useFormFeedback(form, props.error, feedback);
  const [resent, setResent] = useState(false);
  return (
    <Form
      form={form}
      name="email-code"
      layout="vertical"
      requiredMark={false}
      onValuesChange={onValuesChange}
      onFinish={(values: { code?: string }) => {
        const data = accept(checkEmailCode(values));
        if (data) props.onSubmit(data.code);
      }}
    >
      <p role="status">
        {resent ? 'We sent a new code to ' : 'We sent a 6-digit code to '}
        <strong>{props.email}</strong>. Enter it to create your account. It expires in 10 minutes.
      </p>
      <ErrorAlert error={alert} />
      {props.resendError ? <ErrorAlert error={props.resendError} /> : null}
      <Form.Item label="Code from the email" {...field('code')}>
        <Input size="large" autoComplete="one-time-code" inputMode="numeric" maxLength={6} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={props.pending}>
        {props.submitLabel}
      </Button>
      <div className="page-actions">
        <Button
          type="link"
          loading={props.resending}
          onClick={() => {
            setResent(true);
            props.onResend();
          }}
        >
          Send a new code
        </Button>
        <Button type="link" onClick={props.onBack}>
          Change my details
        </Button>
      </div>
    </Form>
  );
}
