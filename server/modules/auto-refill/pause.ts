import { eq } from 'drizzle-orm';
import type { AutoRefillData, PauseAutoRefillRequest } from '../../../shared/contracts/auto-refill';
import { fail } from '../../../shared/errors/app-error';
import type { Db } from '../../db/client';
import { autoRefills } from '../../db/schema/orders';
import type { RequestContext } from '../auth/request-context';
import { refillView } from './refill-view';
import { auditStaffChange, refillForCaller, refillMessages } from './service';

const dayMs = 86_400_000;

/**
 * POST PauseAutoRefill (ours): pauses an active refill (the job skips it) or resumes it. A
 * refill whose date passed while paused resumes a day later, not at once. The patient does it
 * from their account; an agent for a caller (audited). Idempotent.
 */
export async function setRefillPaused(
  db: Db,
  context: RequestContext,
  input: PauseAutoRefillRequest,
  now = new Date(),
): Promise<AutoRefillData> {
  const { principal } = context;
  if (principal.kind !== 'user') throw fail.unauthorized();
  return db.transaction(async (tx) => {
    const refill = await refillForCaller(tx, principal, input.autoRefillId);
    if (!refill.active) throw fail.conflict(refillMessages.notActive);
    const paused = refill.pausedAt !== null;
    if (paused !== input.paused) {
      const resumeAt = new Date(now.getTime() + dayMs);
      await tx
        .update(autoRefills)
        .set(
          input.paused
            ? { pausedAt: now }
            : { pausedAt: null, ...(refill.nextRunAt < resumeAt ? { nextRunAt: resumeAt } : {}) },
        )
        .where(eq(autoRefills.id, refill.id));
      const action = input.paused ? 'auto-refill.paused' : 'auto-refill.resumed';
      await auditStaffChange(tx, context, principal, refill.userId, action, refill.id);
    }
    return refillView(tx, refill.id);
  });
}
