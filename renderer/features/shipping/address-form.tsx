/**
 * A new shipping address, checked with the address rules of shared/validation (plain checks: the
 * page loads no zod) before anything is sent (spec §5: invalid input sets the field's error and
 * sends no request).
 *
 * Props: `states` ({code, name}[] for the state list), `initialValues`, `onSubmit(address)`
 * called only with a valid ShippingAddressInput, `serverErrors` (field -> error key from a
 * refused request), `formError` (a message for the whole form, e.g. a state the products cannot
 * ship to), `submitting`, `submitLabel`, `onCancel` (shows a Cancel button when given).
 * Presentational: no fetching, no router.
 */
import './shipping.css';
import '../../components/button.css';
import { type FormEvent, useState } from 'react';
import type { StateData } from '../../../shared/contracts/catalog';
import type { ShippingAddressInput } from '../../../shared/contracts/shipping';
import { validationMessages } from '../../../shared/errors/messages';
import { isValidationErrorKey } from '../../../shared/validation/validate-form';
import { messagesOf } from '../../components/form-feedback';
import { FormFieldGrid, focusFirstError, type GridField } from '../../components/form-field-grid';
import { Notice } from '../../components/notice';
import type { AddressLike } from './address-lines';
import { type AddressDraft, checkAddress } from './address-values';

type Field = keyof AddressDraft;

const emptyDraft: AddressDraft = {
  fullName: '',
  line1: '',
  line2: '',
  city: '',
  state: '',
  zip: '',
  phone: '',
};

export interface AddressFormProps {
  states: readonly StateData[];
  initialValues?: Partial<AddressDraft> | undefined;
  onSubmit: (address: ShippingAddressInput) => void;
  serverErrors?: Record<string, string> | undefined;
  formError?: string | null | undefined;
  submitting?: boolean | undefined;
  submitLabel?: string | undefined;
  onCancel?: (() => void) | undefined;
  /** Prefix of the inputs' ids, when two forms share a page. */
  idPrefix?: string | undefined;
}

/** A saved or entered address as the form's draft (empty strings for what is missing). */
export function draftOfAddress(address: AddressLike): AddressDraft {
  return {
    fullName: address.fullName,
    line1: address.line1,
    line2: address.line2 ?? '',
    city: address.city,
    state: address.state,
    zip: address.zip,
    phone: address.phone ?? '',
  };
}

const fields: readonly GridField<Field>[] = [
  { name: 'fullName', label: 'Full name', autoComplete: 'name' },
  { name: 'line1', label: 'Street address', autoComplete: 'address-line1' },
  {
    name: 'line2',
    label: 'Apartment, suite, etc. (optional)',
    autoComplete: 'address-line2',
    optional: true,
  },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'state', label: 'State', autoComplete: 'address-level1' },
  { name: 'zip', label: 'Zip code', autoComplete: 'postal-code', numeric: true },
  {
    name: 'phone',
    label: 'Phone (optional)',
    autoComplete: 'tel-national',
    optional: true,
    numeric: true,
  },
];

export function AddressForm(props: AddressFormProps) {
  const prefix = props.idPrefix ?? 'address';
  const [draft, setDraft] = useState<AddressDraft>({ ...emptyDraft, ...props.initialValues });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [edited, setEdited] = useState<Set<Field>>(new Set());

  const messageOf = (field: Field): string | undefined => {
    if (errors[field]) return errors[field];
    if (edited.has(field)) return undefined;
    const key = props.serverErrors?.[field];
    return key && isValidationErrorKey(key) ? validationMessages[key] : undefined;
  };

  const change = (field: Field, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
    setEdited((current) => new Set(current).add(field));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = checkAddress(draft);
    if (!result.ok) {
      const next = messagesOf(result.errors);
      setErrors(next);
      setEdited(new Set());
      focusFirstError(fields, next, prefix);
      return;
    }
    setEdited(new Set());
    props.onSubmit(result.data);
  };

  return (
    <form className="address-form" onSubmit={submit} noValidate aria-label="New address">
      {props.formError ? (
        <Notice tone="error" title={props.formError} className="form-alert" />
      ) : null}
      <FormFieldGrid
        fields={fields}
        values={draft}
        messageOf={messageOf}
        onChange={change}
        idPrefix={prefix}
        classPrefix="address"
        states={props.states}
        disabled={props.submitting}
      />
      <div className="form-actions">
        {props.onCancel ? (
          <button
            type="button"
            className="button"
            onClick={props.onCancel}
            disabled={props.submitting}
          >
            Cancel
          </button>
        ) : null}
        <button
          type="submit"
          className="button button--primary"
          disabled={props.submitting}
          aria-busy={props.submitting || undefined}
        >
          {props.submitLabel ?? 'USE THIS ADDRESS'}
        </button>
      </div>
    </form>
  );
}
