/**
 * The fields of a new card: number, expiry (MM/YY), security code, name on card. Controlled:
 * the caller holds the values and decides when to check them (checkCard in card-values.ts,
 * the card rules of shared/validation), so one FINALIZE ORDER button can pay with either a
 * saved card or this new one.
 *
 * Props: `values` (CardFormValues), `onChange(values)`, `errors` (field -> message, shown on
 * the field), `disabled`, `idPrefix`. Presentational: no fetching, no router. Card data is only
 * ever sent to the payment call; nothing here stores it.
 */
import './payment.css';
import { Form, Input } from 'antd';
import {
  type CardField,
  type CardFormValues,
  cardBrandOf,
  formatCardNumberInput,
  formatExpiryInput,
} from './card-values';

export interface CardFieldsProps {
  values: CardFormValues;
  onChange: (values: CardFormValues) => void;
  errors?: Partial<Record<CardField, string>> | undefined;
  disabled?: boolean | undefined;
  idPrefix?: string | undefined;
}

const fields: {
  name: CardField;
  label: string;
  autoComplete: string;
  inputMode?: 'numeric';
  format?: (typed: string) => string;
  placeholder?: string;
  maxLength?: number;
}[] = [
  {
    name: 'cardNumber',
    label: 'Card number',
    autoComplete: 'cc-number',
    inputMode: 'numeric',
    format: formatCardNumberInput,
    maxLength: 23,
  },
  {
    name: 'expiry',
    label: 'Expiration date (MM/YY)',
    autoComplete: 'cc-exp',
    inputMode: 'numeric',
    format: formatExpiryInput,
    placeholder: 'MM/YY',
    maxLength: 5,
  },
  {
    name: 'cvc',
    label: 'Security code (CVC)',
    autoComplete: 'cc-csc',
    inputMode: 'numeric',
    format: (typed) => typed.replace(/\D/g, '').slice(0, 4),
    maxLength: 4,
  },
  { name: 'holderName', label: 'Name on card', autoComplete: 'cc-name', maxLength: 100 },
];

export function CardFields(props: CardFieldsProps) {
  const prefix = props.idPrefix ?? 'card';
  const brand = cardBrandOf(props.values.cardNumber);
  return (
    <div className="card-fields">
      {fields.map((field) => {
        const id = `${prefix}-${field.name}`;
        const error = props.errors?.[field.name];
        return (
          <Form.Item
            key={field.name}
            label={field.label}
            htmlFor={id}
            required={field.name !== 'holderName'}
            validateStatus={error ? 'error' : undefined}
            help={error}
            layout="vertical"
            className={`card-field card-field-${field.name}`}
          >
            <Input
              id={id}
              value={props.values[field.name]}
              onChange={(event) =>
                props.onChange({
                  ...props.values,
                  [field.name]: field.format
                    ? field.format(event.target.value)
                    : event.target.value,
                })
              }
              autoComplete={field.autoComplete}
              inputMode={field.inputMode}
              placeholder={field.placeholder}
              maxLength={field.maxLength}
              aria-invalid={Boolean(error)}
              disabled={props.disabled}
              suffix={
                field.name === 'cardNumber' && brand ? (
                  <span className="card-brand">{brand}</span>
                ) : undefined
              }
            />
          </Form.Item>
        );
      })}
    </div>
  );
}
