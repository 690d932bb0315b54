/**
 * The patient's saved shipping addresses (spec §2 "most recent and other saved addresses"): the
 * most recently used one first, the others below it, one to choose.
 *
 * Props: `addresses` (SavedAddressData[] of shared/contracts/shipping, any order), `selectedId`,
 * `onSelect(addressId)`, `disabled`. Presentational: no fetching, no router.
 */
import '../../components/controls.css';
import './shipping.css';
import { Radio } from 'antd';
import type { SavedAddressData } from '../../../shared/contracts/shipping';
import { AddressLines } from './address-lines';

export interface SavedAddressPickerProps {
  addresses: readonly SavedAddressData[];
  selectedId: string | null;
  onSelect: (addressId: string) => void;
  disabled?: boolean | undefined;
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
    <Radio key={address.id} value={address.id} className="choice-card">
      <AddressLines address={address} />
    </Radio>
  );
  return (
    <Radio.Group
      value={props.selectedId}
      onChange={(event) => props.onSelect(event.target.value as string)}
      disabled={props.disabled}
      className="saved-addresses"
    >
      <fieldset className="choice-group">
        <legend>Most recent address</legend>
        {option(mostRecent)}
      </fieldset>
      {others.length > 0 ? (
        <fieldset className="choice-group">
          <legend>Other saved addresses</legend>
          {others.map(option)}
        </fieldset>
      ) : null}
    </Radio.Group>
  );
}
