/**
 * The medications answer (spec §9 medication list): search the list, pick names, save a name
 * that is not found as a manual entry, or say "I'm not taking any medication".
 *
 * Props: `value` (undefined = not answered, [] = not taking any, else the names), `onChange`,
 * `searchMedications(term)` (two or more characters; the caller fetches), `id` for the search
 * box label, `invalid`, `disabled`. Presentational: it fetches only through the callback.
 */
import './questionnaire.css';
import { AutoComplete, Button, Checkbox, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { validationMessages } from '../../../shared/errors/messages';
import { MAX_MEDICATIONS } from '../../../shared/questionnaire/answers';
import {
  MIN_MEDICATION_SEARCH_LENGTH,
  medicationOptionLabels,
} from '../../../shared/questionnaire/medication-search';

export interface MedicationsFieldProps {
  id: string;
  value: string[] | undefined;
  onChange: (value: string[] | undefined) => void;
  searchMedications: (term: string) => Promise<string[]>;
  invalid?: boolean;
  disabled?: boolean | undefined;
}

export function MedicationsField(props: MedicationsFieldProps) {
  const { value, onChange, disabled } = props;
  const [term, setTerm] = useState('');
  const [found, setFound] = useState<string[] | null>(null);
  const [tooShort, setTooShort] = useState(false);
  const latest = useRef('');
  const notTaking = Array.isArray(value) && value.length === 0;
  const names = value ?? [];

  useEffect(() => {
    const trimmed = term.trim();
    latest.current = trimmed;
    if (trimmed.length < MIN_MEDICATION_SEARCH_LENGTH) {
      setFound(null);
      return;
    }
    const timer = setTimeout(() => {
      props
        .searchMedications(trimmed)
        .then((list) => {
          if (latest.current === trimmed) setFound(list);
        })
        .catch(() => {
          if (latest.current === trimmed) setFound([]);
        });
    }, 250);
    return () => clearTimeout(timer);
  }, [term, props.searchMedications]);

  const add = (name: string) => {
    const clean = name.trim().replace(/\s+/g, ' ');
    if (clean.length < MIN_MEDICATION_SEARCH_LENGTH) {
      setTooShort(true);
      return;
    }
    const exists = names.some((n) => n.toLowerCase() === clean.toLowerCase());
    if (!exists && names.length < MAX_MEDICATIONS) onChange([...names, clean]);
    setTerm('');
    setFound(null);
    setTooShort(false);
  };

  const remove = (name: string) => {
    const next = names.filter((n) => n !== name);
    onChange(next.length === 0 ? undefined : next);
  };

  const trimmed = term.trim();
  const options =
    found === null
      ? []
      : found.length === 0
        ? [{ value: '', label: medicationOptionLabels.noMatchFound, disabled: true }]
        : found.map((name) => ({ value: name, label: name }));

  return (
    <div className="medications-field">
      <Checkbox
        checked={notTaking}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked ? [] : undefined)}
      >
        {medicationOptionLabels.notTakingAny}
      </Checkbox>
      {notTaking ? (
        <p className="medications-none">{medicationOptionLabels.none}</p>
      ) : (
        <>
          <div className="medications-search">
            <label htmlFor={props.id} className="visually-hidden">
              Search medications
            </label>
            <AutoComplete
              id={props.id}
              value={term}
              options={options}
              onChange={(next) => {
                setTerm(next);
                setTooShort(false);
              }}
              onSelect={(picked: string) => add(picked)}
              placeholder="Search medications"
              disabled={disabled}
              status={props.invalid || tooShort ? 'error' : undefined}
              aria-invalid={props.invalid || tooShort}
              style={{ width: '100%', maxWidth: 420 }}
            />
            {found !== null && trimmed.length >= MIN_MEDICATION_SEARCH_LENGTH ? (
              <Button type="link" onClick={() => add(trimmed)} disabled={disabled}>
                {medicationOptionLabels.saveAsManualEntry}
              </Button>
            ) : null}
          </div>
          {tooShort || (trimmed.length > 0 && trimmed.length < MIN_MEDICATION_SEARCH_LENGTH) ? (
            <div className="question-hint" role="status">
              {validationMessages.medicationSearchError}
            </div>
          ) : null}
          {names.length > 0 ? (
            <ul className="medications-list" aria-label="Your medications">
              {names.map((name) => (
                <li key={name}>
                  <Tag className="medication-tag">{name}</Tag>
                  <Button
                    type="text"
                    size="small"
                    onClick={() => remove(name)}
                    disabled={disabled}
                    aria-label={`Remove ${name}`}
                  >
                    ×
                  </Button>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
    </div>
  );
}
