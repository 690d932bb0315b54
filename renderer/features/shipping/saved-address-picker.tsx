/**
 * The patient's saved shipping addresses (spec §2 "most recent and other saved addresses"): the
 * most recently used one first, the others below it, one to choose.
 *
 * Props: `addresses` (SavedAddressData[] of shared/contracts/shipping, any order), `selectedId`,
 * `onSelect(addressId)`, `disabled`, `name` (the radios' group, shared with "Use a new address"
 * so the arrow keys go from one to the other). Presentational: no fetching, no router.
 */
import '../../components/controls.css';
import './shipping.css';
import type { SavedAddressData } from '../../../shared/contracts/shipping';
import { AddressLines } from './address-lines';

export interface SavedAddressPickerProps {
  addresses: readonly SavedAddressData[];
  selectedId: string | null;
  onSelect: (addressId: string) => void;
  disabled?: boolean | undefined;
  name: string;
}

/** Most recently used first; ties keep the newest address first. */
export function byRecentUse(addresses: readonly SavedAddressData[]): SavedAddressData[] {
  return [...addresses].sort(
    (a, b) => b.lastUsedAt.localeCompare(a.lastUsedAt) || b.createdAt.localeCompare(a.createdAt),
  );
}

export function SavedAddressPicker(props: SavedAddressPickerProps) {
  const [mostRecent, ...others] = byRecentUse(props.addresses);
  if (!mostRecent) return null;
  const option = (address: SavedAddressData) => (
    <label key={address.id} className="choice choice-card">
      <input
        type="radio"
        name={props.name}
        value={address.id}
        checked={props.selectedId === address.id}
        disabled={props.disabled}
        onChange={() => props.onSelect(address.id)}
      />
      <AddressLines address={address} />
    </label>
  );
  return (
    <div className="saved-addresses">
      <fieldset className="choice-group">
        <legend>Most recent address</legend>
        <div className="choice-list">{option(mostRecent)}</div>
      </fieldset>
      {others.length > 0 ? (
        <fieldset className="choice-group">
          <legend>Other saved addresses</legend>
          <div className="choice-list">{others.map(option)}</div>
        </fieldset>
      ) : null}
    </div>
  );
}
