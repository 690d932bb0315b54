/**
 * An address as the lines of an envelope. Props: `address` ({fullName, line1, line2, city,
 * state, zip, phone?}). Presentational.
 */
export interface AddressLike {
  fullName: string;
  line1: string;
  line2?: string | null;
  city: string;
  state: string;
  zip: string;
  phone?: string | null;
}

export function AddressLines({ address }: { address: AddressLike }) {
  return (
    <span className="address-lines">
      <strong>{address.fullName}</strong>
      <br />
      {address.line1}
      {address.line2 ? `, ${address.line2}` : ''}
      <br />
      {address.city}, {address.state} {address.zip}
      {address.phone ? (
        <>
          <br />
          {formatPhone(address.phone)}
        </>
      ) : null}
    </span>
  );
}

function formatPhone(digits: string): string {
  return /^\d{10}$/.test(digits)
    ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`
    : digits;
}
