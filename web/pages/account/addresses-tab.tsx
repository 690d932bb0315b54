import { AddressManager } from '../../../renderer/features/shipping/address-manager';

/** My addresses: the most recent first; edit, remove, default. */
export function AddressesTab({ identity }: { identity: string }) {
  return (
    <section aria-labelledby="addresses-title" className="account-section">
      <h2 id="addresses-title">Your addresses</h2>
      <AddressManager identity={identity} />
    </section>
  );
}
