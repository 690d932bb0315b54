/**
 * My addresses: the saved addresses, the most recently used first, each edited in place with
 * the address rules of spec §5, removed, or made the default.
 */
import './shipping.css';
import { Button } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../../shared/api/api-error';
import type { SavedAddressData } from '../../../shared/contracts/shipping';
import { ErrorAlert } from '../../components/error-alert';
import { AddressForm, draftOfAddress } from './address-form';
import { AddressLines } from './address-lines';
import { useSavedAddressActions, useSavedAddresses } from './saved-addresses-api';
import { useStates } from './use-states';

export function AddressManager({ identity }: { identity: string }) {
  const addresses = useSavedAddresses(identity);
  const actions = useSavedAddressActions(identity);
  if (addresses.isPending) return <p aria-busy="true">Loading your addresses…</p>;
  if (addresses.isError) return <ErrorAlert error={addresses.error} />;
  if (addresses.data.length === 0) {
    return (
      <p role="status">
        You have no saved addresses. The address of your next order is saved here.
      </p>
    );
  }
  return (
    <ul className="saved-address-list" aria-label="Saved addresses">
      {addresses.data.map((address) => (
        <SavedAddressItem key={address.id} address={address} actions={actions} />
      ))}
    </ul>
  );
}

function SavedAddressItem(props: {
  address: SavedAddressData;
  actions: ReturnType<typeof useSavedAddressActions>;
}) {
  const { address, actions } = props;
  const states = useStates();
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const label = `${address.line1}, ${address.city}`;

  if (editing) {
    const serverErrors = isApiError(actions.edit.error) ? actions.edit.error.errors : undefined;
    return (
      <li className="saved-address-list__item" aria-label={label}>
        <AddressForm
          states={states.data ?? []}
          idPrefix={`edit-${address.id}`}
          initialValues={draftOfAddress(address)}
          serverErrors={serverErrors}
          formError={
            actions.edit.error && !serverErrors?.state && isApiError(actions.edit.error)
              ? actions.edit.error.serverMessage
              : null
          }
          submitting={actions.edit.isPending}
          submitLabel="SAVE ADDRESS"
          onCancel={() => setEditing(false)}
          onSubmit={(changed) =>
            actions.edit.mutate(
              { addressId: address.id, ...changed },
              { onSuccess: () => setEditing(false) },
            )
          }
        />
      </li>
    );
  }
  return (
    <li className="saved-address-list__item" aria-label={label}>
      <div className="saved-address-list__head">
        <AddressLines address={address} />
        {address.isDefault ? <span className="status-tag">Default</span> : null}
      </div>
      {error ? <ErrorAlert error={error} /> : null}
      <div className="saved-address-list__actions">
        <Button onClick={() => setEditing(true)}>EDIT</Button>
        {address.isDefault ? null : (
          <Button
            onClick={() => actions.makeDefault.mutate(address.id, { onError: setError })}
            loading={actions.makeDefault.isPending && actions.makeDefault.variables === address.id}
          >
            MAKE DEFAULT
          </Button>
        )}
        <Button
          danger
          onClick={() => actions.remove.mutate(address.id, { onError: setError })}
          loading={actions.remove.isPending && actions.remove.variables === address.id}
        >
          REMOVE
        </Button>
      </div>
    </li>
  );
}
