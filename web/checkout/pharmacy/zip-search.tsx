import { CheckedSearch } from '../../../renderer/components/checked-search';
import { addressTextChecks } from '../../../shared/validation/address-checks';

/** The zip code a pharmacy map is centred on (checked with the address rules before sending). */
export function ZipSearch(props: {
  initialZip: string;
  onSearch: (zip: string) => void;
  searching?: boolean;
}) {
  return (
    <CheckedSearch
      id="map-zip"
      label="Zip code"
      check={addressTextChecks.zip}
      initialValue={props.initialZip}
      onSearch={props.onSearch}
      searching={props.searching}
      className="zip-search"
      inputProps={{ inputMode: 'numeric', autoComplete: 'postal-code' }}
    />
  );
}
