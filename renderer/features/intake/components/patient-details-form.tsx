import { Button, DatePicker, Form, Input } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { type ReactNode, useEffect } from 'react';
import { type EcpIntakeFormData, ecpIntakeForm } from '../../../../shared/validation/forms';
import { ErrorAlert } from '../../../components/error-alert';
import { useFormFeedback } from '../../../components/use-form-feedback';

interface RawValues {
  firstName?: string;
  lastName?: string;
  email?: string;
  phoneNumber?: string;
  dateOfBirth?: Dayjs | null;
}

export interface PatientDetailsFormProps {
  /** Called with valid values only: invalid input sends nothing (spec §5). */
  onSubmit: (values: EcpIntakeFormData) => void;
  submitting: boolean;
  submitLabel: string;
  /** The last submission's failure: field errors go on their fields, a 409 on the email. */
  error?: unknown;
  /** Change it to empty the form (after a patient was registered). */
  resetKey?: number;
  extraActions?: ReactNode;
}

// The staff API names the phone `phone` (POST /api/staff/patients); the form says phoneNumber.
const feedback = { fieldMap: { phone: 'phoneNumber' }, messageField: 'email' };

/**
 * A patient's details as the ECP intake form of spec §5 asks for them: first and last name,
 * email, phone number (10 digits) and date of birth, checked with the shared rules so each
 * field shows the spec's own message. The phone order's "new patient" uses it too.
 * Presentational: no fetching, no router.
 */
export function PatientDetailsForm(props: PatientDetailsFormProps) {
  const { onSubmit, submitting, submitLabel, error, resetKey, extraActions } = props;
  const [form] = Form.useForm<RawValues>();
  const { alert, validate } = useFormFeedback(form, error, feedback);

  useEffect(() => {
    if (resetKey !== undefined) form.resetFields();
  }, [resetKey, form]);

  const submit = (raw: RawValues) => {
    const data = validate(ecpIntakeForm, {
      firstName: raw.firstName ?? '',
      lastName: raw.lastName ?? '',
      email: raw.email ?? '',
      phoneNumber: raw.phoneNumber ?? '',
      dateOfBirth: raw.dateOfBirth ? raw.dateOfBirth.format('YYYY-MM-DD') : '',
    });
    if (!data) return;
    const { dateOfBirth, ...rest } = data;
    onSubmit(dateOfBirth ? data : rest);
  };

  return (
    <Form<RawValues>
      form={form}
      name="patient-details"
      layout="vertical"
      onFinish={submit}
      // A field's message goes as soon as it is edited; the rules run again on submit.
      onValuesChange={(changed: RawValues) =>
        form.setFields(
          (Object.keys(changed) as (keyof RawValues)[]).map((name) => ({ name, errors: [] })),
        )
      }
      onFinishFailed={({ errorFields }) => {
        const first = errorFields[0]?.name;
        if (first) form.focusField(first);
      }}
      requiredMark="optional"
      // The spec's messages, not the browser's: its own email check would block the submit.
      noValidate
      style={{ maxWidth: 560 }}
    >
      <ErrorAlert error={alert} />
      <Form.Item label="First name" name="firstName" required>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="Last name" name="lastName" required>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item label="Email" name="email" required>
        <Input type="email" autoComplete="off" />
      </Form.Item>
      <Form.Item label="Phone number" name="phoneNumber" required>
        <Input inputMode="tel" placeholder="(555) 555-0100" autoComplete="off" />
      </Form.Item>
      <Form.Item label="Date of birth" name="dateOfBirth">
        <DatePicker
          format={['MM/DD/YYYY', 'YYYY-MM-DD']}
          placeholder="MM/DD/YYYY"
          disabledDate={(day) => day.isAfter(dayjs(), 'day')}
          style={{ width: '100%' }}
        />
      </Form.Item>
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" loading={submitting}>
          {submitLabel}
        </Button>
        {extraActions}
      </Form.Item>
    </Form>
  );
}
