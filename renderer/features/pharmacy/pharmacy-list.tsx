/**
 * Pharmacies to choose from, each with its address, phone and distance, and a button to pick it.
 *
 * Props: `pharmacies` (PharmacyListItem[] of shared/contracts/pharmacy), `selectedId` (the
 * order's pharmacy), `onSelect(pharmacy)`, `selectingId` (the one being saved), `emptyText`,
 * `highlightedId` (e.g. the marker clicked on a map). Presentational: no fetching, no router.
 */
import './pharmacy.css';
import { Button, Empty } from 'antd';
import type { PharmacyListItem } from '../../../shared/contracts/pharmacy';

export interface PharmacyListProps {
  pharmacies: readonly PharmacyListItem[];
  selectedId: number | null;
  onSelect: (pharmacy: PharmacyListItem) => void;
  selectingId?: number | null | undefined;
  highlightedId?: number | null | undefined;
  emptyText?: string | undefined;
}

function formatPhone(digits: string): string {
  return /^\d{10}$/.test(digits)
    ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`
    : digits;
}

export function PharmacyList(props: PharmacyListProps) {
  if (props.pharmacies.length === 0) {
    return (
      <Empty className="pharmacy-empty" description={props.emptyText ?? 'No pharmacies found.'} />
    );
  }
  return (
    <ul className="pharmacy-list" aria-label="Pharmacies">
      {props.pharmacies.map((pharmacy) => {
        const selected = pharmacy.id === props.selectedId;
        return (
          <li
            key={pharmacy.id}
            id={`pharmacy-${pharmacy.id}`}
            className={`pharmacy-item${selected ? ' is-selected' : ''}${
              pharmacy.id === props.highlightedId ? ' is-highlighted' : ''
            }`}
          >
            <div className="pharmacy-text">
              <strong>{pharmacy.pharmacyName}</strong>
              <span>
                {pharmacy.address}, {pharmacy.city}, {pharmacy.state} {pharmacy.zip}
              </span>
              {pharmacy.phone ? <span>Phone {formatPhone(pharmacy.phone)}</span> : null}
              {pharmacy.distanceMiles !== null ? (
                <span className="pharmacy-distance">{pharmacy.distanceMiles} mi away</span>
              ) : null}
            </div>
            <Button
              type={selected ? 'default' : 'primary'}
              onClick={() => props.onSelect(pharmacy)}
              loading={props.selectingId === pharmacy.id}
              disabled={selected}
              aria-label={`${selected ? 'Selected' : 'Select'}: ${pharmacy.pharmacyName}`}
            >
              {selected ? 'SELECTED' : 'SELECT'}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
