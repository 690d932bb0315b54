import { Button, Form, Input } from 'antd';
import { ErrorAlert } from '../../components/error-alert';
import { useFormFeedback } from '../../components/use-form-feedback';
import { checkPasswordChange } from './profile-values';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' });

/** Change the password: the current one again, and a new one with the spec's rule (§5). */
export function PasswordForm(props: {
  lastUpdated: string | null | undefined;
  onSubmit: (input: { currentPassword: string; newPassword: string }) => void;
  pending: boolean;
  error: unknown;
}) {
  const [form] = Form.useForm();
  const { alert, accept, field, onValuesChange } = useFormFeedback(form, props.error);
  if (props.lastUpdated === null) {
    return (
      <p>
        You sign in with one-time passcodes. To add a password, choose “Forgot your password?” when
        you sign in.
      </p>
    );
  }
  return (
    <Form
      form={form}
      name="password-change"
      layout="vertical"
      requiredMark={false}
      onValuesChange={onValuesChange}
      onFinish={(values) => {
        const data = accept(checkPasswordChange(values));
        if (data) props.onSubmit(data);
      }}
    >
      <p>
        {props.lastUpdated
          ? `Your password was last changed on ${dateFormat.format(new Date(props.lastUpdated))}.`
          : ''}
      </p>
      <ErrorAlert error={alert} />
      <Form.Item label="Current password" {...field('currentPassword')}>
        <Input.Password size="large" autoComplete="current-password" />
      </Form.Item>
      <Form.Item label="New password" {...field('newPassword')}>
        <Input.Password size="large" autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={props.pending}>
        CHANGE PASSWORD
      </Button>
    </Form>
  );
}
