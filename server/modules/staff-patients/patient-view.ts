import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type {
  PatientOrdersData,
  PatientOrdersQuery,
  PatientViewData,
} from '../../../shared/contracts/staff-patients';
import { PATIENT_VIEW_ORDER_COUNT } from '../../../shared/contracts/staff-patients';
import { fail } from '../../../shared/errors/app-error';
import { cardLabel } from '../../../shared/payments/card-label';
import type { DbOrTx } from '../../db/client';
import { doctorSlots, doctors } from '../../db/schema/care-network';
import { users } from '../../db/schema/identity';
import { addresses, cards, orders } from '../../db/schema/orders';
import { refillsOf } from '../auto-refill/refill-view';
import { documentsOfPatient } from '../documents/document-queries';
import { previousOrders } from '../order-history/order-list';
import { placedStatuses } from '../order-history/placed-orders';
import { effectiveIntakeStatus } from '../registration/intake-status';
import { prescriberOf } from '../registration/prescriber-info';
import { doctorName } from '../scheduling/doctor-queries';

const MAX_LISTED = 50;
const MAX_VISITS = 20;

/** A patient by id; anything else (unknown, or a staff account) is a 404. */
export async function findPatient(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      phone: users.phone,
      dateOfBirth: users.dateOfBirth,
      storefrontId: users.storefrontId,
      signupSource: users.signupSource,
      intakeStatus: effectiveIntakeStatus(),
      registeredByEcpId: users.registeredByEcpId,
      // Whether a password exists, never the hash itself.
      hasPassword: sql<boolean>`${users.passwordHash} is not null`,
      disabledAt: users.disabledAt,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'patient')))
    .limit(1);
  if (!row) throw fail.notFound();
  const { disabledAt, createdAt, ...profile } = row;
  return {
    ...profile,
    disabled: disabledAt !== null,
    createdAt: createdAt.toISOString(),
  };
}

/** The patient's placed orders, newest first (the patient's own order history, keyset paged). */
export async function patientOrders(
  db: DbOrTx,
  userId: string,
  page: PatientOrdersQuery,
): Promise<PatientOrdersData> {
  const { orders: items, nextCursor } = await previousOrders(db, userId, {
    after: page.cursor,
    limit: page.limit,
  });
  return { items, nextCursor };
}

/** Saved cards as staff may see them: brand, last 4 and expiry; the gateway token stays here. */
async function maskedCardsOf(db: DbOrTx, userId: string) {
  const rows = await db
    .select({
      cardId: cards.id,
      brand: cards.brand,
      last4: cards.last4,
      expMonth: cards.expMonth,
      expYear: cards.expYear,
      isDefault: cards.isDefault,
    })
    .from(cards)
    .where(and(eq(cards.userId, userId), isNull(cards.removedAt)))
    .orderBy(desc(cards.isDefault), desc(cards.createdAt))
    .limit(MAX_LISTED);
  return rows.map((card) => ({ ...card, label: cardLabel(card.brand, card.last4) }));
}

async function addressesOf(db: DbOrTx, userId: string) {
  return db
    .select({
      id: addresses.id,
      fullName: addresses.fullName,
      line1: addresses.line1,
      line2: addresses.line2,
      city: addresses.city,
      state: addresses.state,
      zip: addresses.zip,
      phone: addresses.phone,
    })
    .from(addresses)
    .where(and(eq(addresses.userId, userId), isNull(addresses.removedAt)))
    .orderBy(desc(addresses.lastUsedAt))
    .limit(MAX_LISTED);
}

/**
 * The patient's visits: placed orders with a doctor's time, latest first. A slot is booked
 * when its order is paid; until then the visit is pending.
 */
async function visitsOf(db: DbOrTx, userId: string, now: Date) {
  const rows = await db
    .select({
      orderId: orders.id,
      orderNumber: orders.orderNumber,
      orderStatus: orders.status,
      doctorId: doctors.id,
      doctorFirstName: doctors.firstName,
      doctorLastName: doctors.lastName,
      startsAt: doctorSlots.startsAt,
      endsAt: doctorSlots.endsAt,
      bookedByOrderId: doctorSlots.bookedByOrderId,
    })
    .from(orders)
    .innerJoin(doctorSlots, eq(doctorSlots.id, orders.slotId))
    .innerJoin(doctors, eq(doctors.id, doctorSlots.doctorId))
    .where(and(eq(orders.userId, userId), inArray(orders.status, [...placedStatuses])))
    .orderBy(desc(doctorSlots.startsAt))
    .limit(MAX_VISITS);
  return rows.map((row) => ({
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    orderStatus: row.orderStatus,
    doctor: {
      doctorId: row.doctorId,
      name: doctorName({ firstName: row.doctorFirstName, lastName: row.doctorLastName }),
    },
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    status:
      row.orderStatus === 'cancelled' || row.orderStatus === 'refunded'
        ? ('cancelled' as const)
        : row.bookedByOrderId !== row.orderId
          ? ('pending' as const)
          : row.endsAt <= now
            ? ('past' as const)
            : ('upcoming' as const),
  }));
}

/** Everything the console's patient view shows, read in parallel (no transaction: reads only). */
export async function patientView(
  db: DbOrTx,
  userId: string,
  now = new Date(),
): Promise<PatientViewData> {
  const profile = await findPatient(db, userId);
  const [recent, autoRefills, savedAddresses, savedCards, visits, prescriber, files] =
    await Promise.all([
      patientOrders(db, userId, { limit: PATIENT_VIEW_ORDER_COUNT }),
      refillsOf(db, userId),
      addressesOf(db, userId),
      maskedCardsOf(db, userId),
      visitsOf(db, userId, now),
      prescriberOf(db, profile),
      documentsOfPatient(db, userId),
    ]);
  return {
    profile,
    orders: recent,
    autoRefills,
    addresses: savedAddresses,
    cards: savedCards,
    visits,
    documents: files.map((file) => ({
      documentId: file.id,
      name: file.name,
      contentType: file.mimeType,
      uploadedAt: file.createdAt.toISOString(),
    })),
    prescriber,
  };
}
