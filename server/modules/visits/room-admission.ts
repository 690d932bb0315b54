import { eq } from 'drizzle-orm';
import type { SignalRole } from '../../../shared/contracts/visit-signals';
import type { VisitData } from '../../../shared/contracts/visits';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { Database } from '../../db/client';
import { visits } from '../../db/schema/visits';
import { writeAudit } from '../audit/audit-service';
import type { RequestContext } from '../auth/request-context';
import { verifyToken } from '../auth/token-service';
import { findVisit, lockVisit, visitAnswer } from './visit-queries';
import { roomAccess } from './visit-window';

export interface Admission {
  role: SignalRole;
  userId: string;
  visit: VisitData;
}

/**
 * Who may enter a visit's room: its patient and its doctor, each with a valid token, while the
 * room is open (visit-window.ts). Anyone else is refused, and the refusal is audited. The
 * patient's arrival puts a scheduled visit in the waiting room.
 */
export async function admitToRoom(
  database: Database,
  context: Omit<RequestContext, 'principal'>,
  input: { visitId: string; token: string },
  now: Date = new Date(),
): Promise<Admission> {
  const principal = await verifyToken(database.db, input.token, false, { fresh: true });
  const audit = {
    ...context,
    principal: principal ?? { kind: 'anonymous', apiKey: false },
  } as const;
  const refuse = async (message: string, reason: string) => {
    await writeAudit(database.db, audit, {
      action: 'visit.room.join',
      outcome: 'denied',
      subject: `order:${input.visitId.slice(0, 64)}`,
      detail: { reason },
    }).catch(() => undefined);
    return fail.forbidden(message);
  };
  if (principal?.kind !== 'user') throw await refuse(messages.visitSignInAgain, 'no valid token');
  // The refusal is audited after the transaction: on the embedded database the transaction
  // holds the only connection.
  const outcome = await database.db.transaction(async (tx) => {
    await lockVisit(tx, input.visitId);
    const row = await findVisit(tx, input.visitId);
    const role: SignalRole | null =
      row && principal.role === 'patient' && row.order.userId === principal.userId
        ? 'patient'
        : row && principal.role === 'doctor' && row.doctor.userId === principal.userId
          ? 'doctor'
          : null;
    if (!row || !role) return { refused: messages.visitRoomRefused, reason: "not this visit's" };
    const access = roomAccess(row.visit.status, row.slot, now);
    if (access === 'not-yet') return { refused: messages.visitRoomNotOpen, reason: 'too early' };
    if (access === 'over') return { refused: messages.visitRoomClosed, reason: 'over' };
    let visit = row.visit;
    if (role === 'patient' && visit.status === 'scheduled') {
      const [waiting] = await tx
        .update(visits)
        .set({ status: 'waiting', patientJoinedAt: now, updatedAt: now })
        .where(eq(visits.orderId, row.order.id))
        .returning();
      visit = waiting ?? visit;
    }
    await writeAudit(tx, audit, {
      action: 'visit.room.join',
      outcome: 'success',
      subject: `order:${row.order.id}`,
      detail: { role },
    });
    const admission: Admission = {
      role,
      userId: principal.userId,
      visit: visitAnswer({ ...row, visit }),
    };
    return admission;
  });
  if ('refused' in outcome) throw await refuse(outcome.refused, outcome.reason);
  return outcome;
}
