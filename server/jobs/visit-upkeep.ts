import { and, eq, gt, inArray, isNull, lt, lte, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { doctorSlots } from '../db/schema/care-network';
import { orders } from '../db/schema/orders';
import { visits } from '../db/schema/visits';
import type { AppDeps } from '../deps';
import type { OutgoingMessage } from '../integrations/notifier/notifier';
import { writeAudit } from '../modules/audit/audit-service';
import { jobContext } from '../modules/auth/request-context';
import { missedVisitEmail, visitReminder } from '../modules/visits/visit-emails';
import { selectVisits, type VisitRow } from '../modules/visits/visit-queries';
import { missedBefore } from '../modules/visits/visit-window';
import type { JobLogger } from './schedule';

const minuteMs = 60 * 1000;
const notStarted = ['scheduled', 'waiting'] as const;

/** The orders whose booked time matches `when` (a condition on doctor_slots). */
function ordersBooked(db: DbOrTx, when: SQL | undefined) {
  return db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(doctorSlots, eq(doctorSlots.id, orders.slotId))
    .where(when);
}

/** The whole rows of the visits an UPDATE claimed. */
async function claimedVisits(tx: DbOrTx, claimed: { orderId: string }[]): Promise<VisitRow[]> {
  if (claimed.length === 0) return [];
  return selectVisits(
    tx,
    inArray(
      visits.orderId,
      claimed.map((c) => c.orderId),
    ),
  );
}

/**
 * One pass of the visits' upkeep, safe to run in every server at once: each UPDATE claims its
 * rows (a row another process changed first no longer matches), so a visit is marked missed
 * once and each reminder goes out once. Messages are queued in the same transaction and
 * delivered after it.
 */
export async function visitUpkeep(deps: AppDeps, logger: JobLogger, now = new Date()) {
  const missed = await markMissedVisits(deps, now);
  const reminded = await sendReminders(deps, now);
  if (missed + reminded > 0) logger.info({ missed, reminded }, 'visit upkeep');
  return { missed, reminded };
}

async function deliverAll(deps: AppDeps, ids: number[], logger?: JobLogger) {
  for (const id of ids) {
    await deps.notifier.deliver(id).catch((error: unknown) => {
      logger?.warn({ err: error, outboxId: id }, 'visit message not delivered yet');
    });
  }
}

/** Visits nobody started by the end of their grace period become missed; the patient is told. */
export async function markMissedVisits(deps: AppDeps, now = new Date()): Promise<number> {
  const context = jobContext('missed visits');
  const queued = await deps.database.db.transaction(async (tx) => {
    const claimed = await tx
      .update(visits)
      .set({ status: 'missed', missedAt: now, updatedAt: now })
      .where(
        and(
          inArray(visits.status, [...notStarted]),
          inArray(visits.orderId, ordersBooked(tx, lt(doctorSlots.endsAt, missedBefore(now)))),
        ),
      )
      .returning({ orderId: visits.orderId });
    const rows = await claimedVisits(tx, claimed);
    const ids: number[] = [];
    for (const row of rows) {
      await writeAudit(tx, context, {
        action: 'visit.missed',
        outcome: 'success',
        subject: `order:${row.order.id}`,
      });
      if (row.patient)
        ids.push(
          await deps.notifier.queue(tx, missedVisitEmail(deps.config, row.patient.email, row)),
        );
    }
    return ids;
  });
  await deliverAll(deps, queued);
  return queued.length;
}

type Reminder = 'day' | 'soon';

const reminderWindows: Record<
  Reminder,
  { aheadMs: number; column: 'remindedDayAt' | 'remindedSoonAt' }
> = {
  day: { aheadMs: 24 * 60 * minuteMs, column: 'remindedDayAt' },
  soon: { aheadMs: 15 * minuteMs, column: 'remindedSoonAt' },
};

/** The 24-hour and 15-minute reminders, by email and, with a phone number, by text. */
async function sendReminders(deps: AppDeps, now: Date): Promise<number> {
  let sent = 0;
  for (const when of ['day', 'soon'] as const) {
    const { aheadMs, column } = reminderWindows[when];
    const queued = await deps.database.db.transaction(async (tx) => {
      // A visit booked less than 15 minutes ahead gets the "soon" reminder only.
      const lowerBound = when === 'day' ? new Date(now.getTime() + 15 * minuteMs) : now;
      const claimed = await tx
        .update(visits)
        .set({ [column]: now })
        .where(
          and(
            inArray(visits.status, [...notStarted]),
            isNull(visits[column]),
            inArray(
              visits.orderId,
              ordersBooked(
                tx,
                and(
                  gt(doctorSlots.startsAt, lowerBound),
                  lte(doctorSlots.startsAt, new Date(now.getTime() + aheadMs)),
                ),
              ),
            ),
          ),
        )
        .returning({ orderId: visits.orderId });
      const rows = await claimedVisits(tx, claimed);
      const ids: number[] = [];
      for (const message of rows.flatMap((row) => remindersOf(deps, row, when))) {
        ids.push(await deps.notifier.queue(tx, message));
      }
      return ids;
    });
    await deliverAll(deps, queued);
    sent += queued.length;
  }
  return sent;
}

function remindersOf(deps: AppDeps, row: VisitRow, when: Reminder): OutgoingMessage[] {
  if (!row.patient) return [];
  const messages = [visitReminder(deps.config, 'email', row.patient.email, row, when)];
  if (row.patient.phone)
    messages.push(visitReminder(deps.config, 'sms', row.patient.phone, row, when));
  return messages;
}
