import type { DoctorSummaryData } from '../../../shared/contracts/scheduling';
import type { RescheduleByLinkRequest, VisitData } from '../../../shared/contracts/visits';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { AppDeps } from '../../deps';
import { writeAudit } from '../audit/audit-service';
import type { RequestContext } from '../auth/request-context';
import { findOrder } from '../orders/order-queries';
import { rescheduleVisit } from '../scheduling/reschedule';
import { doctorsForOrder } from '../scheduling/service';
import { orderOfRescheduleToken } from './reschedule-link';
import { findVisit, visitAnswer } from './visit-queries';
import { canMoveVisit } from './visit-status';

function orderOfLink(deps: AppDeps, token: string): string {
  const orderId = orderOfRescheduleToken(deps.config.serverSecret, token);
  if (!orderId) throw fail.notFound(messages.rescheduleLinkInvalid);
  return orderId;
}

/** The visit an emailed link moves and the doctors licensed where the order ships. */
export async function rescheduleLinkView(
  deps: AppDeps,
  token: string,
): Promise<{ visit: VisitData; doctors: DoctorSummaryData[] }> {
  const { db } = deps.database;
  const orderId = orderOfLink(deps, token);
  const [row, order] = await Promise.all([findVisit(db, orderId), findOrder(db, orderId)]);
  if (!row || !order) throw fail.notFound(messages.rescheduleLinkInvalid);
  if (!canMoveVisit(row.visit.status, 'scheduled')) throw fail.gone(messages.visitNotReschedulable);
  return { visit: visitAnswer(row), doctors: await doctorsForOrder(db, order) };
}

/** Moves the link's visit to another free time, under the same rules as from the account. */
export async function rescheduleByLink(
  deps: AppDeps,
  context: RequestContext,
  token: string,
  input: RescheduleByLinkRequest,
  now: Date = new Date(),
): Promise<VisitData> {
  const orderId = orderOfLink(deps, token);
  return deps.database.db.transaction(async (tx) => {
    const order = await findOrder(tx, orderId, { forUpdate: true });
    if (!order) throw fail.notFound(messages.rescheduleLinkInvalid);
    await rescheduleVisit(tx, order, input.slotId, now);
    await writeAudit(tx, context, {
      action: 'visit.rescheduled',
      outcome: 'success',
      subject: `order:${orderId}`,
      actorId: order.userId,
      actorRole: 'patient',
      detail: { by: 'emailed link', slotId: input.slotId },
    });
    const row = await findVisit(tx, orderId);
    if (!row) throw fail.notFound(messages.rescheduleLinkInvalid);
    return visitAnswer(row);
  });
}
