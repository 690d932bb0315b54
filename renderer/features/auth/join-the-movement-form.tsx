import { Button, Form, Input } from 'antd';
import type { JoinTheMovementFormData } from '../../../shared/validation/forms';
import { ErrorAlert } from '../../components/error-alert';
import { useFormFeedback } from '../../components/use-form-feedback';
import { checkJoinTheMovement } from './account-form-values';

export interface JoinTheMovementFormProps {
  onSubmit: (data: JoinTheMovementFormData) => void;
  pending: boolean;
  error: unknown;
}

const feedback = { fieldMap: { FullName: 'fullName', Email: 'email' }, messageField: 'email' };

/** "Join the movement" sign-up (spec §1): a full name and an email; sign-in by passcode after. */
export function JoinTheMovementForm({ onSubmit, pending, error }: JoinTheMovementFormProps) {
  const [form] = Form.useForm();
  const { alert, accept, field, onValuesChange } = useFormFeedback(form, error, feedback);
  return (
    <Form
      form={form}
      name="join-the-movement"
      layout="vertical"
      requiredMark={false}
      onValuesChange={onValuesChange}
      onFinish={(values) => {
        const data = accept(checkJoinTheMovement(values));
        if (data) onSubmit(data);
      }}
    >
      <ErrorAlert error={alert} />
      <Form.Item label="Full name" {...field('fullName')}>
        <Input size="large" autoComplete="name" />
      </Form.Item>
      <Form.Item label="Email" {...field('email')}>
        <Input size="large" autoComplete="email" inputMode="email" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={pending}>
        JOIN THE MOVEMENT
      </Button>
    </Form>
  );
}
