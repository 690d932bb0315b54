/**
 * The fields of a new card, as the gateway takes them: with Stripe, Stripe's own card field
 * (number, expiry and code typed into Stripe's frame) and our name on card; with the sandbox,
 * our number, expiry (MM/YY), security code and name, which go to the sandbox's tokens
 * endpoint. Either way only the gateway's token reaches our API (use-card-entry.ts).
 * Controlled: the caller holds the values and decides when to collect the card, so one
 * FINALIZE ORDER button can pay with either a saved card or this new one.
 *
 * Props: `values` (CardFormValues), `onChange(values)`, `errors` (field -> message, shown on
 * the field), `disabled`, `idPrefix`, the gateway's `cardFields` (a skeleton until known) and
 * Stripe's callbacks. No router; nothing here stores card data.
 */
import './payment.css';
import type { CardFieldsData } from '../../../shared/contracts/payments';
import { ErrorAlert } from '../../components/error-alert';
import { Skeleton } from '../../components/skeleton';
import { TextField } from '../../components/text-field';
import {
  type CardField,
  type CardFormValues,
  cardBrandOf,
  formatCardNumberInput,
  formatExpiryInput,
} from './card-values';
import { type StripeCard, StripeCardField } from './stripe-card-element';

export interface CardFieldsProps {
  values: CardFormValues;
  onChange: (values: CardFormValues) => void;
  errors?: Partial<Record<CardField, string>> | undefined;
  disabled?: boolean | undefined;
  idPrefix?: string | undefined;
  /** Which gateway's fields; undefined while being asked (a skeleton is shown). */
  cardFields?: CardFieldsData | undefined;
  /** Why the gateway could not be asked. */
  cardFieldsError?: unknown;
  onStripeCard?: ((card: StripeCard | null) => void) | undefined;
  onStripeEdit?: (() => void) | undefined;
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
  if (props.cardFieldsError) return <ErrorAlert error={props.cardFieldsError} />;
  if (!props.cardFields) return <Skeleton field label="Loading the card fields" />;
  const stripe = props.cardFields.gateway === 'stripe' ? props.cardFields : null;
  const shown = stripe ? fields.filter((field) => field.name === 'holderName') : fields;
  return (
    <div className="card-fields">
      {stripe ? (
        <StripeCardField
          publishableKey={stripe.publishableKey}
          id={`${prefix}-cardNumber`}
          error={props.errors?.cardNumber ?? props.errors?.expiry ?? props.errors?.cvc}
          disabled={props.disabled}
          onCard={props.onStripeCard ?? (() => undefined)}
          onEdit={props.onStripeEdit ?? (() => undefined)}
        />
      ) : null}
      {shown.map((field) => {
        const id = `${prefix}-${field.name}`;
        const error = props.errors?.[field.name];
        return (
          <TextField
            key={field.name}
            id={id}
            label={field.label}
            required={field.name !== 'holderName'}
            error={error}
            className={`card-field card-field-${field.name}`}
            value={props.values[field.name]}
            onChange={(event) =>
              props.onChange({
                ...props.values,
                [field.name]: field.format ? field.format(event.target.value) : event.target.value,
              })
            }
            autoComplete={field.autoComplete}
            inputMode={field.inputMode}
            placeholder={field.placeholder}
            maxLength={field.maxLength}
            disabled={props.disabled}
            suffix={
              field.name === 'cardNumber' && brand ? (
                <span className="card-brand">{brand}</span>
              ) : undefined
            }
          />
        );
      })}
    </div>
  );
}
