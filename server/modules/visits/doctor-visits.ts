import { and, asc, eq, gte, ne } from 'drizzle-orm';
import type { EndVisitRequest, VisitChartData, VisitData } from '../../../shared/contracts/visits';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { Database, DbOrTx } from '../../db/client';
import { doctorSlots, doctors } from '../../db/schema/care-network';
import { products, questions } from '../../db/schema/catalog';
import { orderItems, orders, questionnaireAnswers } from '../../db/schema/orders';
import { visits } from '../../db/schema/visits';
import type { AppDeps } from '../../deps';
import { dayInZone, wallClockInZone } from '../../lib/time-zones';
import { writeAudit } from '../audit/audit-service';
import type { RequestContext } from '../auth/request-context';
import { documentsOfPatient } from '../documents/document-queries';
import { moveStatus } from '../orders/order-status';
import { announceVisitStatus } from './visit-announcements';
import { visitOutcomeEmail } from './visit-emails';
import { findVisit, lockVisit, selectVisits, type VisitRow, visitAnswer } from './visit-queries';
import { assertVisitMove } from './visit-status';
import { roomAccess } from './visit-window';

export interface DoctorCaller {
  userId: string;
  doctorId: number;
  timeZone: string;
}

/** The doctor asking: a `doctor` account linked to a doctor (doctors.user_id). */
export async function doctorOf(db: DbOrTx, context: RequestContext): Promise<DoctorCaller> {
  const { principal } = context;
  if (principal.kind !== 'user' || principal.role !== 'doctor') throw fail.forbidden();
  const [doctor] = await db
    .select({ id: doctors.id, timeZone: doctors.timeZone })
    .from(doctors)
    .where(eq(doctors.userId, principal.userId));
  if (!doctor) throw fail.forbidden(messages.notADoctor);
  return { userId: principal.userId, doctorId: doctor.id, timeZone: doctor.timeZone };
}

/**
 * The doctor's visits from the start of today (in the doctor's zone) on, cancelled ones left
 * out, by time. The read is audited: the list names patients.
 */
export async function doctorVisits(
  database: Database,
  context: RequestContext,
  now: Date = new Date(),
): Promise<VisitData[]> {
  const doctor = await doctorOf(database.db, context);
  const startOfToday = wallClockInZone(dayInZone(now, doctor.timeZone), '00:00', doctor.timeZone);
  const rows = await selectVisits(
    database.db,
    and(
      eq(orders.doctorId, doctor.doctorId),
      ne(visits.status, 'cancelled'),
      gte(doctorSlots.startsAt, startOfToday),
    ),
  ).limit(200);
  await writeAudit(database.db, context, {
    action: 'doctor.visits.list',
    outcome: 'success',
    detail: { count: rows.length },
  });
  return rows.map(visitAnswer);
}

/** A visit of the calling doctor's, locked when asked; another doctor's is unknown (404). */
export async function visitOfDoctor(
  db: DbOrTx,
  doctor: DoctorCaller,
  orderId: string,
  lock = false,
): Promise<VisitRow> {
  if (lock) await lockVisit(db, orderId);
  const row = await findVisit(db, orderId, eq(orders.doctorId, doctor.doctorId));
  if (!row) throw fail.notFound(messages.visitNotFound);
  return row;
}

/** The visit's chart: the order, the questionnaire answers, the notes. Every read is audited. */
export async function visitChart(
  database: Database,
  context: RequestContext,
  orderId: string,
): Promise<VisitChartData> {
  const { db } = database;
  const doctor = await doctorOf(db, context);
  const row = await visitOfDoctor(db, doctor, orderId);
  const items = await db
    .select({ name: products.displayName, qty: orderItems.qty })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, row.order.id))
    .orderBy(asc(orderItems.createdAt), asc(orderItems.id));
  const answers = await db
    .select({
      product: products.displayName,
      question: questions.text,
      code: questionnaireAnswers.questionCode,
      answer: questionnaireAnswers.answer,
    })
    .from(questionnaireAnswers)
    .innerJoin(orderItems, eq(orderItems.id, questionnaireAnswers.orderItemId))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .leftJoin(
      questions,
      and(
        eq(questions.questionnaireKey, products.questionnaireKey),
        eq(questions.code, questionnaireAnswers.questionCode),
      ),
    )
    .where(eq(orderItems.orderId, row.order.id))
    .orderBy(asc(orderItems.createdAt), asc(questions.ordinal), asc(questionnaireAnswers.id));
  const files = row.order.userId ? await documentsOfPatient(db, row.order.userId) : [];
  await writeAudit(db, context, {
    action: 'doctor.visits.read',
    outcome: 'success',
    subject: `order:${row.order.id}`,
  });
  return {
    visit: visitAnswer(row),
    notes: row.visit.notes,
    orderStatus: row.order.status,
    patient: {
      userId: row.order.userId ?? '',
      name: row.patient ? `${row.patient.firstName} ${row.patient.lastName}` : '',
      email: row.patient?.email ?? '',
      phone: row.patient?.phone ?? null,
      dateOfBirth: row.patient?.dateOfBirth ?? null,
    },
    items,
    answers: answers.map((a) => ({
      product: a.product,
      question: a.question ?? a.code,
      answer: answerText(a.answer),
    })),
    documents: files.map((file) => ({
      id: file.id,
      name: file.name,
      mimeType: file.mimeType,
      createdAt: file.createdAt.toISOString(),
    })),
  };
}

function answerText(answer: unknown): string {
  if (Array.isArray(answer)) return answer.map(String).join(', ');
  if (typeof answer === 'boolean') return answer ? 'Yes' : 'No';
  if (answer === null || answer === undefined) return '';
  return typeof answer === 'object' ? JSON.stringify(answer) : String(answer);
}

/**
 * START VISIT: in the visit's window, a scheduled or waiting visit goes in progress; once
 * committed, the server holding its room is told (the patient waiting there sees it start).
 */
export async function startVisit(
  database: Database,
  context: RequestContext,
  orderId: string,
  now: Date = new Date(),
): Promise<VisitData> {
  const started = await database.db.transaction(async (tx) => {
    const doctor = await doctorOf(tx, context);
    const row = await visitOfDoctor(tx, doctor, orderId, true);
    if (row.visit.status === 'in-progress') return visitAnswer(row);
    assertVisitMove(row.visit.status, 'in-progress', messages.visitNotStartable);
    if (roomAccess(row.visit.status, row.slot, now) !== 'open')
      throw fail.conflict(messages.visitNotStartable);
    await tx
      .update(visits)
      .set({ status: 'in-progress', startedAt: now, updatedAt: now })
      .where(eq(visits.orderId, row.order.id));
    await writeAudit(tx, context, {
      action: 'doctor.visits.start',
      outcome: 'success',
      subject: `order:${row.order.id}`,
    });
    return visitAnswer({ ...row, visit: { ...row.visit, status: 'in-progress', startedAt: now } });
  });
  await announceVisitStatus(database, started, context.log);
  return started;
}

/** The doctor's notes, saved as they write (last write wins; the visit must not be over). */
export async function saveVisitNotes(
  database: Database,
  context: RequestContext,
  orderId: string,
  notes: string,
  now: Date = new Date(),
): Promise<void> {
  await database.db.transaction(async (tx) => {
    const doctor = await doctorOf(tx, context);
    const row = await visitOfDoctor(tx, doctor, orderId, true);
    if (row.visit.status === 'cancelled') throw fail.conflict(messages.visitNotInProgress);
    await tx.update(visits).set({ notes, updatedAt: now }).where(eq(visits.orderId, row.order.id));
    await writeAudit(tx, context, {
      action: 'doctor.visits.notes',
      outcome: 'success',
      subject: `order:${row.order.id}`,
    });
  });
}

/**
 * END VISIT with an outcome. Approved: the order moves on (in review → approved). Declined:
 * the order is cancelled (an admin refunds it from the order, as for any cancellation).
 * No-show: the visit counts as missed, and the patient may book another time. Once committed,
 * the visit's room is told, and the patient by email (from the outbox).
 */
export async function endVisit(
  deps: AppDeps,
  context: RequestContext,
  orderId: string,
  input: EndVisitRequest,
  now: Date = new Date(),
): Promise<VisitData> {
  let outboxId: number | null = null;
  const answer = await deps.database.db.transaction(async (tx) => {
    const doctor = await doctorOf(tx, context);
    const row = await visitOfDoctor(tx, doctor, orderId, true);
    const status = input.outcome === 'no-show' ? 'missed' : 'ended';
    if (input.outcome !== 'no-show' && row.visit.status !== 'in-progress')
      throw fail.conflict(messages.visitNotInProgress);
    if (input.outcome === 'no-show' && now < row.slot.startsAt)
      throw fail.conflict(messages.visitNotInProgress);
    assertVisitMove(row.visit.status, status, messages.visitNotInProgress);
    const orderTo =
      input.outcome === 'approved' ? 'approved' : input.outcome === 'declined' ? 'cancelled' : null;
    if (orderTo) {
      await moveStatus(tx, row.order, orderTo, doctor.userId, {
        note: `Visit ended: prescription ${input.outcome}`,
      });
    }
    const ended = {
      status,
      outcome: input.outcome,
      endedAt: now,
      missedAt: status === 'missed' ? now : row.visit.missedAt,
      notes: input.notes ?? row.visit.notes,
      updatedAt: now,
    } as const;
    await tx.update(visits).set(ended).where(eq(visits.orderId, row.order.id));
    await writeAudit(tx, context, {
      action: 'doctor.visits.end',
      outcome: 'success',
      subject: `order:${row.order.id}`,
      detail: { outcome: input.outcome, orderStatus: orderTo ?? row.order.status },
    });
    const result = { ...row, visit: { ...row.visit, ...ended } };
    if (row.patient) {
      outboxId = await deps.notifier.queue(
        tx,
        visitOutcomeEmail(deps.config, row.patient.email, result),
      );
    }
    return visitAnswer(result);
  });
  await announceVisitStatus(deps.database, answer, context.log);
  if (outboxId !== null) {
    const id = outboxId;
    await deps.notifier.deliver(id).catch((error: unknown) => {
      context.log?.warn({ err: error, orderId }, 'visit outcome email not delivered yet');
    });
  }
  return answer;
}
