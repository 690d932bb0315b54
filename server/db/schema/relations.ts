import { relations } from 'drizzle-orm';
import { doctorSlots, doctors, pharmacies, shippingMethods } from './care-network';
import { users } from './identity';
import { cards, orderItems, orderStatusHistory, orders, payments, promoCodes } from './orders';

// What an order is read with in one query (modules/orders/order-parts.ts): drizzle's relational
// queries join these and aggregate the items as JSON, instead of a query per part.
export const orderRelations = relations(orders, ({ one, many }) => ({
  items: many(orderItems),
  owner: one(users, { fields: [orders.userId], references: [users.id] }),
  pharmacy: one(pharmacies, { fields: [orders.pharmacyId], references: [pharmacies.id] }),
  doctor: one(doctors, { fields: [orders.doctorId], references: [doctors.id] }),
  slot: one(doctorSlots, { fields: [orders.slotId], references: [doctorSlots.id] }),
  shippingMethod: one(shippingMethods, {
    fields: [orders.shippingMethodId],
    references: [shippingMethods.id],
  }),
  promo: one(promoCodes, { fields: [orders.couponCode], references: [promoCodes.code] }),
  payments: many(payments),
  statusHistory: many(orderStatusHistory),
}));

export const orderItemRelations = relations(orderItems, ({ one }) => ({
  order: one(orders, { fields: [orderItems.orderId], references: [orders.id] }),
}));

export const paymentRelations = relations(payments, ({ one }) => ({
  order: one(orders, { fields: [payments.orderId], references: [orders.id] }),
  card: one(cards, { fields: [payments.cardId], references: [cards.id] }),
}));

export const orderStatusHistoryRelations = relations(orderStatusHistory, ({ one }) => ({
  order: one(orders, { fields: [orderStatusHistory.orderId], references: [orders.id] }),
}));
