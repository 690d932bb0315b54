import { Button, Checkbox, Form, Input } from 'antd';
import { useState } from 'react';
import type { OtpSendFormData, OtpVerifyFormData } from '../../../shared/validation/forms';
import { ErrorAlert } from '../../components/error-alert';
import { useFormFeedback } from '../../components/use-form-feedback';
import { checkPasscode, checkPasscodeRequest } from './account-form-values';

export interface PasscodeLoginFormProps {
  onSend: (data: OtpSendFormData) => void;
  onVerify: (data: OtpVerifyFormData) => void;
  /** Set once a passcode was sent: the form then asks for it. */
  sentTo: OtpSendFormData | null;
  sending: boolean;
  verifying: boolean;
  sendError: unknown;
  verifyError: unknown;
}

const sendFeedback = {
  fieldMap: { userName: 'email', 'channels[]': 'channels' },
  messageField: 'email',
};
const verifyFeedback = { fieldMap: { userName: 'code' }, messageField: 'code' };

const channelOptions = [
  { label: 'Text message (SMS)', value: 'sms' },
  { label: 'Email', value: 'email' },
];

/**
 * One-time passcode sign-in (spec §2, §7): the email and where to send the code, then the code,
 * with "Send a new passcode" to get another.
 */
export function PasscodeLoginForm(props: PasscodeLoginFormProps) {
  const [sendForm] = Form.useForm();
  const [verifyForm] = Form.useForm();
  const send = useFormFeedback(sendForm, props.sendError, sendFeedback);
  const verify = useFormFeedback(verifyForm, props.verifyError, verifyFeedback);
  const [resent, setResent] = useState(false);

  if (props.sentTo) {
    const sentTo = props.sentTo;
    return (
      <Form
        form={verifyForm}
        name="passcode-verify"
        layout="vertical"
        requiredMark={false}
        onValuesChange={verify.onValuesChange}
        onFinish={(values: { code?: string }) => {
          const data = verify.accept(checkPasscode({ email: sentTo.email, code: values.code }));
          if (data) props.onVerify(data);
        }}
      >
        <p role="status">
          {resent ? 'We sent you a new passcode.' : 'We sent you a passcode.'} It expires in 10
          minutes.
        </p>
        <ErrorAlert error={verify.alert} />
        {resent && props.sendError ? <ErrorAlert error={props.sendError} /> : null}
        <Form.Item label="Passcode" {...verify.field('code')}>
          <Input size="large" autoComplete="one-time-code" inputMode="numeric" maxLength={6} />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={props.verifying}>
          VERIFY
        </Button>
        <Button
          type="link"
          loading={props.sending}
          onClick={() => {
            setResent(true);
            props.onSend(sentTo);
          }}
        >
          Send a new passcode
        </Button>
      </Form>
    );
  }

  return (
    <Form
      form={sendForm}
      name="passcode-send"
      layout="vertical"
      requiredMark={false}
      onValuesChange={send.onValuesChange}
      initialValues={{ email: '', channels: ['email'] }}
      onFinish={(values) => {
        const data = send.accept(checkPasscodeRequest(values));
        if (data) props.onSend(data);
      }}
    >
      <ErrorAlert error={send.alert} />
      <Form.Item label="Email" {...send.field('email')}>
        <Input size="large" autoComplete="email" inputMode="email" />
      </Form.Item>
      <Form.Item label="Send my passcode by" {...send.field('channels')}>
        <Checkbox.Group options={channelOptions} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={props.sending}>
        SEND PASSCODE
      </Button>
    </Form>
  );
}
