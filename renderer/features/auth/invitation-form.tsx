import { Button, Form, Input } from 'antd';
import type { InvitationFormData } from '../../../shared/validation/forms';
import { ErrorAlert } from '../../components/error-alert';
import { useFormFeedback } from '../../components/use-form-feedback';
import { checkInvitation } from './account-form-values';

const feedback = { fieldMap: { Email: 'email', Password: 'password' }, messageField: 'email' };

/** The invited email and a new password (spec §5 rules); the server checks the email matches. */
export function InvitationForm(props: {
  onSubmit: (data: InvitationFormData) => void;
  pending: boolean;
  error: unknown;
}) {
  const [form] = Form.useForm();
  const { alert, accept, field, onValuesChange } = useFormFeedback(form, props.error, feedback);
  return (
    <Form
      form={form}
      name="invitation"
      layout="vertical"
      requiredMark={false}
      onValuesChange={onValuesChange}
      onFinish={(values) => {
        const data = accept(checkInvitation(values));
        if (data) props.onSubmit(data);
      }}
    >
      <ErrorAlert error={alert} />
      <Form.Item label="Email" {...field('email')}>
        <Input size="large" autoComplete="email" inputMode="email" />
      </Form.Item>
      <Form.Item label="Choose a password" {...field('password')}>
        <Input.Password size="large" autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" loading={props.pending}>
        CREATE MY ACCOUNT
      </Button>
    </Form>
  );
}
