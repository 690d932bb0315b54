import { Button, Form, Input } from 'antd';
import { messages } from '../../../shared/errors/messages';
import { ErrorAlert } from '../../components/error-alert';
import { useFormFeedback } from '../../components/use-form-feedback';
import { checkPromoCode } from './promo-values';

export interface PromoEntryProps {
  /** The code applied to the order, if any. */
  appliedCode: string | null;
  onApply: (promoCode: string) => void;
  onRemove: () => void;
  applying: boolean;
  removing: boolean;
  /** The last apply's failure ("Sorry that promo code is invalid" on the field). */
  error: unknown;
}

const feedback = { messageField: 'promoCode' };

/**
 * Promo code entry (spec §5, §9): "Enter a promo code", the invalid-code message on the field,
 * and "remove" once a code is applied. A code that breaks the format is refused unsent.
 */
export function PromoEntry(props: PromoEntryProps) {
  const [form] = Form.useForm();
  const { alert, accept, field, onValuesChange } = useFormFeedback(form, props.error, feedback);

  if (props.appliedCode) {
    return (
      <div className="promo-applied" data-testid="promo-applied">
        <span>
          Promo code <strong>{props.appliedCode}</strong> applied
        </span>
        <Button
          type="link"
          loading={props.removing}
          onClick={props.onRemove}
          aria-label={`remove promo code ${props.appliedCode}`}
        >
          {messages.promoRemove}
        </Button>
      </div>
    );
  }

  return (
    <Form
      form={form}
      name="promo"
      layout="vertical"
      requiredMark={false}
      onValuesChange={onValuesChange}
      className="promo-entry"
      onFinish={(values) => {
        const data = accept(checkPromoCode(values));
        if (data) props.onApply(data.promoCode);
      }}
    >
      <ErrorAlert error={alert} />
      <div className="promo-entry__row">
        <Form.Item label="Promo code" {...field('promoCode')} className="promo-entry__field">
          <Input size="large" placeholder={messages.promoPrompt} autoComplete="off" />
        </Form.Item>
        <Button htmlType="submit" loading={props.applying} className="promo-entry__apply">
          APPLY
        </Button>
      </div>
    </Form>
  );
}
