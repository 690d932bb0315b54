/**
 * Search pharmacies by zip code, city or name (two or more characters, checked before sending).
 *
 * Props: `initialSearch`, `onSearch(search)` called only with a valid search, `searching`,
 * `label` (defaults to "Zip code, city or pharmacy name"). Presentational: no fetching.
 */
import './pharmacy.css';
import { Button, Form, Input } from 'antd';
import { type FormEvent, useState } from 'react';
import { validationMessages } from '../../../shared/errors/messages';
import { pharmacySearch } from '../../../shared/validation/address-rules';

export interface PharmacySearchFormProps {
  initialSearch?: string | undefined;
  onSearch: (search: string) => void;
  searching?: boolean | undefined;
  label?: string | undefined;
}

export function PharmacySearchForm(props: PharmacySearchFormProps) {
  const [search, setSearch] = useState(props.initialSearch ?? '');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = pharmacySearch.safeParse(search);
    if (!parsed.success) {
      setError(validationMessages.pharmacySearchError);
      document.getElementById('pharmacy-search')?.focus();
      return;
    }
    setError(null);
    props.onSearch(parsed.data);
  };
  return (
    <form className="pharmacy-search-form" onSubmit={submit} noValidate>
      <Form.Item
        label={props.label ?? 'Zip code, city or pharmacy name'}
        htmlFor="pharmacy-search"
        validateStatus={error ? 'error' : undefined}
        help={error}
        layout="vertical"
      >
        <div className="inline-search">
          <Input
            id="pharmacy-search"
            value={search}
            onChange={(event) => {
              setSearch(event.target.value);
              setError(null);
            }}
            aria-invalid={Boolean(error)}
            autoComplete="off"
          />
          <Button type="primary" htmlType="submit" loading={props.searching}>
            SEARCH
          </Button>
        </div>
      </Form.Item>
    </form>
  );
}
