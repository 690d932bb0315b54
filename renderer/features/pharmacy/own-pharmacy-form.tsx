/**
 * A pharmacy the patient enters by hand when the search does not find it (spec §3 Pharmacy:
 * isPatientCreated), checked with the pharmacy rules of shared/validation (plain checks, no zod)
 * before anything is sent (spec §5: invalid input sets the field's error and sends no request).
 *
 * Props: `states` ({code, name}[] for the state list), `initialValues`, `onSubmit(pharmacy)`
 * called only with a valid NewPharmacyInput, `submitting`, `onCancel` (shows a Cancel button
 * when given). Presentational: no fetching, no router.
 */
import './pharmacy.css';
import { Button } from 'antd';
import { type FormEvent, useState } from 'react';
import type { StateData } from '../../../shared/contracts/catalog';
import type { NewPharmacyInput } from '../../../shared/contracts/pharmacy';
import { messagesOf } from '../../components/form-feedback';
import { FormFieldGrid, focusFirstError, type GridField } from '../../components/form-field-grid';
import { checkOwnPharmacy, type OwnPharmacyDraft } from './own-pharmacy-values';

type Field = keyof OwnPharmacyDraft;

const emptyDraft: OwnPharmacyDraft = {
  pharmacyName: '',
  address: '',
  city: '',
  state: '',
  zip: '',
  phone: '',
  fax: '',
  npi: '',
};

const fields: readonly GridField<Field>[] = [
  { name: 'pharmacyName', label: 'Pharmacy name', autoComplete: 'organization' },
  { name: 'address', label: 'Street address', autoComplete: 'off' },
  { name: 'city', label: 'City', autoComplete: 'off' },
  { name: 'state', label: 'State', autoComplete: 'off' },
  { name: 'zip', label: 'Zip code', autoComplete: 'off', numeric: true },
  { name: 'phone', label: 'Phone (optional)', autoComplete: 'off', optional: true, numeric: true },
  { name: 'fax', label: 'Fax (optional)', autoComplete: 'off', optional: true, numeric: true },
  {
    name: 'npi',
    label: 'NPI number (optional)',
    autoComplete: 'off',
    optional: true,
    numeric: true,
  },
];

export interface OwnPharmacyFormProps {
  states: readonly StateData[];
  initialValues?: Partial<OwnPharmacyDraft> | undefined;
  onSubmit: (pharmacy: NewPharmacyInput) => void;
  submitting?: boolean | undefined;
  onCancel?: (() => void) | undefined;
}

export function OwnPharmacyForm(props: OwnPharmacyFormProps) {
  const [draft, setDraft] = useState<OwnPharmacyDraft>({ ...emptyDraft, ...props.initialValues });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const change = (field: Field, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const result = checkOwnPharmacy(draft);
    if (!result.ok) {
      const next = messagesOf(result.errors);
      setErrors(next);
      focusFirstError(fields, next, 'own-pharmacy');
      return;
    }
    props.onSubmit(result.data);
  };

  return (
    <form className="own-pharmacy-form" onSubmit={submit} noValidate aria-label="Your pharmacy">
      <FormFieldGrid
        fields={fields}
        values={draft}
        messageOf={(field) => errors[field]}
        onChange={change}
        idPrefix="own-pharmacy"
        classPrefix="own-pharmacy"
        states={props.states}
        disabled={props.submitting}
      />
      <div className="own-pharmacy-actions">
        {props.onCancel ? (
          <Button size="large" onClick={props.onCancel} disabled={props.submitting}>
            Cancel
          </Button>
        ) : null}
        <Button type="primary" htmlType="submit" size="large" loading={props.submitting}>
          USE THIS PHARMACY
        </Button>
      </div>
    </form>
  );
}
