import '../../components/button.css';
import '../../components/controls.css';
import { useId } from 'react';
import type { StateData } from '../../../shared/contracts/catalog';
import type { SavedAddressData, ShippingAddressInput } from '../../../shared/contracts/shipping';
import { AddressForm, draftOfAddress } from './address-form';
import { AddressLines } from './address-lines';
import { SavedAddressPicker } from './saved-address-picker';
import './shipping.css';

/** The address the buyer picked: a saved one, or a new one checked by the address rules. */
export type AddressPick =
  | { kind: 'saved'; address: SavedAddressData }
  | { kind: 'new'; address: ShippingAddressInput };

export interface AddressChoiceProps {
  saved: readonly SavedAddressData[];
  states: readonly StateData[];
  pick: AddressPick | null;
  onPick: (pick: AddressPick | null) => void;
  /** Show the new-address form (no saved address, or "Use a new address" chosen). */
  adding: boolean;
  onAdding: (adding: boolean) => void;
  serverErrors?: Record<string, string> | undefined;
  disabled?: boolean;
  /** The section's heading level (the console's step is inside a page with its own h2). */
  headingLevel?: 2 | 3;
  /** Ids of the address form's fields start with it (two forms on a page stay apart). */
  idPrefix?: string;
}

/**
 * Where an order ships, for the web checkout and the console's phone order alike: the
 * patient's saved addresses (most recent first) or a new one; a guest enters one. A new
 * address is shown as lines once entered, with a way to change it.
 */
export function AddressChoice(props: AddressChoiceProps) {
  const { pick } = props;
  const newPicked = pick?.kind === 'new';
  const Heading = props.headingLevel === 3 ? 'h3' : 'h2';
  const headingId = `${props.idPrefix ?? 'shipping'}-address-title`;
  const radios = useId();
  return (
    <section className="checkout-section" aria-labelledby={headingId}>
      <Heading id={headingId} className="section-title">
        Shipping address
      </Heading>
      {props.saved.length > 0 ? (
        <>
          <SavedAddressPicker
            addresses={props.saved}
            selectedId={pick?.kind === 'saved' && !props.adding ? pick.address.id : null}
            onSelect={(id) => {
              const address = props.saved.find((a) => a.id === id);
              props.onAdding(false);
              props.onPick(address ? { kind: 'saved', address } : null);
            }}
            disabled={props.disabled}
            name={radios}
          />
          <label className="choice choice-card">
            <input
              type="radio"
              name={radios}
              value="new"
              checked={props.adding || newPicked}
              onChange={() => {
                props.onAdding(true);
                props.onPick(null);
              }}
              disabled={props.disabled}
            />
            <strong>Use a new address</strong>
          </label>
        </>
      ) : null}
      {newPicked && !props.adding ? (
        <div className="picked-address">
          <AddressLines address={pick.address} />
          <button
            type="button"
            className="button"
            onClick={() => props.onAdding(true)}
            disabled={props.disabled}
          >
            Change address
          </button>
        </div>
      ) : null}
      {props.adding ? (
        <AddressForm
          states={props.states}
          initialValues={newPicked ? draftOfAddress(pick.address) : undefined}
          serverErrors={props.serverErrors}
          onSubmit={(address) => {
            props.onPick({ kind: 'new', address });
            props.onAdding(false);
          }}
          onCancel={props.saved.length > 0 || newPicked ? () => props.onAdding(false) : undefined}
          submitLabel="USE THIS ADDRESS"
          idPrefix={props.idPrefix}
        />
      ) : null}
    </section>
  );
}
