import { and, eq, sql } from 'drizzle-orm';
import { fail } from '../../../shared/errors/app-error';
import type { Database } from '../../db/client';
import { doctorSlots, doctors } from '../../db/schema/care-network';
import { products } from '../../db/schema/catalog';
import { users } from '../../db/schema/identity';
import { orderItems, orderStatusHistory, orders } from '../../db/schema/orders';
import { visits } from '../../db/schema/visits';
import { demoDoctorId } from '../../db/seed/storefront-data';
import { openVisit } from '../visits/open-visit';

const demoProductSku = 'RX-LATANOPROST';

/**
 * Development only (the dev routes): a paid consult order with a video visit `inMinutes` from
 * now, for a patient with the demo doctor, so that a visit can be tried locally without
 * waiting for a real slot. The order is in review, as after a real payment.
 */
export async function bookDemoVisit(
  database: Database,
  input: { email: string; inMinutes: number },
  now: Date = new Date(),
) {
  return database.db.transaction(async (tx) => {
    const [patient] = await tx
      .select()
      .from(users)
      .where(and(sql`lower(${users.email}) = lower(${input.email})`, eq(users.role, 'patient')));
    if (!patient) throw fail.notFound('No patient has that email.');
    const [doctor] = await tx.select().from(doctors).where(eq(doctors.id, demoDoctorId));
    const [product] = await tx.select().from(products).where(eq(products.sku, demoProductSku));
    if (!doctor || !product) throw fail.notFound('Seed the demo data first.');
    const startsAt = new Date(now.getTime() + input.inMinutes * 60_000);
    startsAt.setUTCSeconds(startsAt.getUTCSeconds(), 0);
    const [order] = await tx
      .insert(orders)
      .values({
        storefrontId: patient.storefrontId,
        userId: patient.id,
        status: 'in-review',
        orderNumber: sql`'SF-' || nextval('order_number_seq')::text`,
        shippingAddress: {
          fullName: `${patient.firstName} ${patient.lastName}`,
          line1: '1 Demo Street',
          line2: null,
          city: 'Demo City',
          state: doctor.licensedStates[0] ?? 'TX',
          zip: '73301',
          phone: patient.phone,
        },
        doctorId: doctor.id,
        visitType: product.visitType ?? 1,
        subtotalCents: product.priceCents,
        consultFeeCents: product.consultFeeCents,
        totalCents: product.priceCents + product.consultFeeCents,
        paidAt: now,
      })
      .returning();
    if (!order) throw new Error('demo order not created');
    await tx.insert(orderItems).values({
      orderId: order.id,
      productId: product.id,
      qty: 1,
      unitPriceCents: product.priceCents,
      consultFeeCents: product.consultFeeCents,
      checkoutStages: product.requiredStages,
      completedCheckoutStages: product.requiredStages,
    });
    await tx.insert(orderStatusHistory).values([
      { orderId: order.id, fromStatus: 'cart', toStatus: 'paid', note: 'demo visit' },
      { orderId: order.id, fromStatus: 'paid', toStatus: 'in-review', note: 'demo visit' },
    ]);
    const [slot] = await tx
      .insert(doctorSlots)
      .values({
        doctorId: doctor.id,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 30 * 60_000),
        bookedByOrderId: order.id,
      })
      .onConflictDoNothing()
      .returning();
    if (!slot) throw fail.conflict('The demo doctor already has a visit at that minute.');
    await tx.update(orders).set({ slotId: slot.id }).where(eq(orders.id, order.id));
    await openVisit(tx, order.id);
    const [visit] = await tx.select().from(visits).where(eq(visits.orderId, order.id));
    return {
      orderId: order.id,
      startsAt: startsAt.toISOString(),
      status: visit?.status ?? 'scheduled',
    };
  });
}
