import '../../../components/controls.css';
import { Radio } from 'antd';

export type LinkChannel = 'sms' | 'email';

export interface PaymentLinkOptionProps {
  channel: LinkChannel;
  onChange: (channel: LinkChannel) => void;
  /** Where each channel would go, as the agent may read it back to the patient. */
  phone: string | null;
  email: string;
  disabled?: boolean;
}

/**
 * A payment link the patient pays themselves, sent by SMS to their phone or by email; the
 * order is placed when it is paid. SMS needs a phone number on file.
 */
export function PaymentLinkOption(props: PaymentLinkOptionProps) {
  return (
    <fieldset className="choice-group">
      <legend>Send the payment link by</legend>
      <Radio.Group
        value={props.channel}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.value as LinkChannel)}
      >
        <Radio value="sms" disabled={!props.phone} className="choice-card">
          <strong>SMS</strong> {props.phone ? `to ${props.phone}` : '(no phone number on file)'}
        </Radio>
        <Radio value="email" className="choice-card">
          <strong>Email</strong> to {props.email}
        </Radio>
      </Radio.Group>
    </fieldset>
  );
}
