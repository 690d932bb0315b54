import { Button, Form, Input } from 'antd';
import type { UserInfoData } from '../../../shared/contracts/profile';
import { ErrorAlert } from '../../components/error-alert';
import { useFormFeedback } from '../../components/use-form-feedback';
import type { ProfileChanges } from './profile-api';
import { checkProfile } from './profile-values';

/** Name, phone and date of birth (spec §5 rules); email is fixed (it is the sign-in). */
export function ProfileForm(props: {
  info: UserInfoData;
  onSubmit: (changes: ProfileChanges) => void;
  pending: boolean;
  error: unknown;
  saved: boolean;
}) {
  const [form] = Form.useForm();
  const { alert, accept, field, onValuesChange } = useFormFeedback(form, props.error);
  return (
    <Form
      form={form}
      name="profile"
      layout="vertical"
      requiredMark={false}
      initialValues={{
        firstName: props.info.firstName,
        lastName: props.info.lastName,
        phone: props.info.phone ?? '',
        dateOfBirth: props.info.dateOfBirth ?? '',
      }}
      onValuesChange={onValuesChange}
      onFinish={(values: Record<string, string>) => {
        const phone = values.phone?.trim() ? values.phone : undefined;
        const data = accept(checkProfile({ ...values, phone }));
        if (data) {
          props.onSubmit({
            firstName: data.firstName ?? props.info.firstName,
            lastName: data.lastName ?? props.info.lastName,
            ...(data.phone ? { phone: data.phone } : {}),
            dateOfBirth: values.dateOfBirth ?? '',
          });
        }
      }}
    >
      <ErrorAlert error={alert} />
      <p className="profile-email">
        Email: <strong>{props.info.email}</strong>
      </p>
      <div className="form-row">
        <Form.Item label="First name" {...field('firstName')}>
          <Input size="large" autoComplete="given-name" />
        </Form.Item>
        <Form.Item label="Last name" {...field('lastName')}>
          <Input size="large" autoComplete="family-name" />
        </Form.Item>
      </div>
      <Form.Item label="Phone number" {...field('phone')}>
        <Input size="large" autoComplete="tel" inputMode="tel" />
      </Form.Item>
      <Form.Item label="Date of birth" {...field('dateOfBirth')}>
        <Input size="large" type="date" autoComplete="bday" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={props.pending}>
        SAVE PROFILE
      </Button>
      {props.saved ? (
        <span className="form-saved" role="status">
          Saved.
        </span>
      ) : null}
    </Form>
  );
}
