import { and, eq, isNull } from 'drizzle-orm';
import type { SavedAddressData, SavedAddressRequest } from '../../../shared/contracts/shipping';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { Db, DbOrTx } from '../../db/client';
import { users } from '../../db/schema/identity';
import { addresses, autoRefills } from '../../db/schema/orders';
import type { RequestContext } from '../auth/request-context';
import { addressesOf, savedAddressView } from './address-queries';

/** The patient whose saved addresses the caller manages (the patient themselves). */
function ownerOf(context: RequestContext): string {
  const { principal } = context;
  if (principal.kind !== 'user') throw fail.unauthorized();
  return principal.userId;
}

/** One of the owner's saved addresses, locked; another owner's is 404. */
async function ownAddress(tx: DbOrTx, userId: string, addressId: string) {
  const [row] = await tx
    .select()
    .from(addresses)
    .where(
      and(eq(addresses.id, addressId), eq(addresses.userId, userId), isNull(addresses.removedAt)),
    )
    .for('update');
  if (!row) throw fail.notFound(messages.addressNotFound);
  return row;
}

/** Address changes of one patient run one at a time, so exactly one default stays. */
async function lockOwner(tx: DbOrTx, userId: string) {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

async function listAfter(tx: DbOrTx, userId: string): Promise<SavedAddressData[]> {
  return (await addressesOf(tx, userId)).map(savedAddressView);
}

/**
 * POST RemoveSavedAddress: the address leaves the list (orders keep their own copy). One an
 * active auto-refill ships to stays until the refill has another (409, nothing changed).
 */
export function removeSavedAddress(
  db: Db,
  context: RequestContext,
  input: SavedAddressRequest,
): Promise<SavedAddressData[]> {
  const userId = ownerOf(context);
  return db.transaction(async (tx) => {
    await lockOwner(tx, userId);
    const row = await ownAddress(tx, userId, input.addressId);
    const [refill] = await tx
      .select({ id: autoRefills.id })
      .from(autoRefills)
      .where(and(eq(autoRefills.addressId, row.id), eq(autoRefills.active, true)))
      .limit(1);
    if (refill) throw fail.conflict(messages.addressUsedByRefill);
    await tx
      .update(addresses)
      .set({ removedAt: new Date(), isDefault: false })
      .where(eq(addresses.id, row.id));
    return listAfter(tx, userId);
  });
}

/** POST SetDefaultAddress: the address new orders start with (one per patient). */
export function setDefaultAddress(
  db: Db,
  context: RequestContext,
  input: SavedAddressRequest,
): Promise<SavedAddressData[]> {
  const userId = ownerOf(context);
  return db.transaction(async (tx) => {
    await lockOwner(tx, userId);
    const row = await ownAddress(tx, userId, input.addressId);
    await tx
      .update(addresses)
      .set({ isDefault: false })
      .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
    await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, row.id));
    return listAfter(tx, userId);
  });
}
