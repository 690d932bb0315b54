import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { products } from '../../db/schema/catalog';
import { type OrderStatus, orderItems, orders, questionnaireAnswers } from '../../db/schema/orders';
import { isUuid } from '../orders/order-queries';
import { moveStatus } from '../orders/order-status';
import { hasDisqualifyingAnswer } from './answer-submission';
import { questionsByKey } from './question-queries';

/** Whether any item still in the order has a consult answer that rules it out. */
export async function orderHasDisqualifyingAnswer(db: DbOrTx, orderId: string): Promise<boolean> {
  const rows = await db
    .select({
      orderItemId: questionnaireAnswers.orderItemId,
      questionnaireKey: products.questionnaireKey,
      code: questionnaireAnswers.questionCode,
      answer: questionnaireAnswers.answer,
    })
    .from(questionnaireAnswers)
    .innerJoin(orderItems, eq(orderItems.id, questionnaireAnswers.orderItemId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId));
  if (rows.length === 0) return false;
  const questions = await questionsByKey(
    db,
    rows.map((r) => r.questionnaireKey),
  );
  const byItem = new Map<string, { key: string | null; answers: Map<string, unknown> }>();
  for (const row of rows) {
    let entry = byItem.get(row.orderItemId);
    if (!entry) {
      entry = { key: row.questionnaireKey, answers: new Map() };
      byItem.set(row.orderItemId, entry);
    }
    entry.answers.set(row.code, row.answer);
  }
  for (const { key, answers } of byItem.values()) {
    if (key && hasDisqualifyingAnswer(questions.get(key) ?? [], answers)) return true;
  }
  return false;
}

/**
 * A disqualified order goes back to the cart once no remaining item has a disqualifying answer
 * (the cart calls this after removing a product). Changing the answer does not do it: the
 * questionnaire of a disqualified order is closed. Run it inside the transaction that changed
 * the order; answers the order's status afterwards (null when there is no such order).
 */
export async function reconsiderDisqualification(
  db: DbOrTx,
  orderId: string,
  actorId: string | null = null,
): Promise<OrderStatus | null> {
  if (!isUuid(orderId)) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId)).for('update');
  if (!order) return null;
  if (order.status !== 'disqualified') return order.status;
  if (await orderHasDisqualifyingAnswer(db, orderId)) return order.status;
  const reopened = await moveStatus(db, order, 'cart', actorId, {
    note: 'No remaining item has a disqualifying consult answer.',
  });
  return reopened.status;
}
