import './pharmacy.css';
import { pharmacyTextChecks } from '../../../shared/validation/address-checks';
import { CheckedSearch } from '../../components/checked-search';

export interface PharmacySearchFormProps {
  initialSearch?: string | undefined;
  onSearch: (search: string) => void;
  searching?: boolean | undefined;
  label?: string | undefined;
}

/**
 * Search pharmacies by zip code, city or name (two or more characters, checked before
 * sending). Presentational: no fetching.
 */
export function PharmacySearchForm(props: PharmacySearchFormProps) {
  return (
    <CheckedSearch
      id="pharmacy-search"
      label={props.label ?? 'Zip code, city or pharmacy name'}
      check={pharmacyTextChecks.search}
      initialValue={props.initialSearch}
      onSearch={props.onSearch}
      searching={props.searching}
      className="pharmacy-search-form"
    />
  );
}
