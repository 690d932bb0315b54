import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doctorSlots } from '../../server/db/schema/care-network';
import { outbox } from '../../server/db/schema/platform';
import { markMissedVisits, visitUpkeep } from '../../server/jobs/visit-upkeep';
import { messages } from '../../shared/errors/messages';
import { call } from './helpers/http';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createUser, tokenFor } from './helpers/users';
import { bookedVisit, freeSlotOf, visitRow } from './helpers/visits';

const minute = 60_000;
const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

async function mailTo(address: string) {
  return t.database.db.select().from(outbox).where(eq(outbox.recipient, address));
}

describe('missed visits', () => {
  it('are marked by the job once, shown on the welcome-back screen, and rebooked once under 20 parallel attempts', async () => {
    const user = await createUser(t);
    const token = await tokenFor(t, user.email, user.password);
    const visit = await bookedVisit(t, user.id, { startsAt: new Date(Date.now() - 60 * minute) });
    const upcoming = await bookedVisit(t, user.id, {
      startsAt: new Date(Date.now() + 60 * minute),
    });

    expect(await markMissedVisits(t.deps)).toBe(1);
    // Another server's pass at the same moment finds nothing left to mark.
    expect(await markMissedVisits(t.deps)).toBe(0);
    expect(await visitRow(t, visit.orderId)).toMatchObject({ status: 'missed' });
    expect((await visitRow(t, upcoming.orderId))?.status).toBe('scheduled');
    const mail = (await mailTo(user.email)).filter(
      (m) => m.subject === 'We missed you at your visit',
    );
    expect(mail).toHaveLength(1);

    const missed = await call(t.url, 'GET', '/api/order/GetMissedScheduledVisit?storefrontId=132', {
      token,
    });
    expect(missed.body.Data.visit).toMatchObject({ orderId: visit.orderId, status: 'missed' });

    // One free slot of the same doctor; twenty reschedules race for it.
    const free = await freeSlotOf(t, visit.doctorId, 2);
    const others = await Promise.all(
      Array.from({ length: 19 }, async () => {
        const other = await createUser(t);
        const otherVisit = await bookedVisit(t, other.id, {
          startsAt: new Date(Date.now() - 60 * minute),
        });
        return {
          token: await tokenFor(t, other.email, other.password),
          orderId: otherVisit.orderId,
        };
      }),
    );
    await markMissedVisits(t.deps);
    const attempts = [{ token, orderId: visit.orderId }, ...others];
    const answers = await Promise.all(
      attempts.map((a) =>
        call(t.url, 'POST', '/api/order/RescheduleDoctorForRecentOrder', {
          token: a.token,
          json: { orderId: a.orderId, slotId: free.id },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    const [slot] = await t.database.db
      .select()
      .from(doctorSlots)
      .where(eq(doctorSlots.id, free.id ?? 0));
    const winner = attempts[answers.findIndex((a) => a.status === 200)];
    expect(slot?.bookedByOrderId).toBe(winner?.orderId);
    expect(await visitRow(t, winner?.orderId ?? '')).toMatchObject({
      status: 'scheduled',
      missedAt: null,
    });
  });

  it('a visit that began or ended cannot be rescheduled', async () => {
    const user = await createUser(t);
    const token = await tokenFor(t, user.email, user.password);
    const visit = await bookedVisit(t, user.id, {
      startsAt: new Date(Date.now() + 5 * minute),
      status: 'in-progress',
    });
    const free = await freeSlotOf(t, visit.doctorId, 3);
    const moved = await call(t.url, 'POST', '/api/order/RescheduleDoctorForRecentOrder', {
      token,
      json: { orderId: visit.orderId, slotId: free.id },
    });
    expect(moved.status).toBe(409);
    expect(moved.body.Message).toBe(messages.visitNotReschedulable);
  });
});

describe('reminders', () => {
  it('go out a day and a quarter of an hour before, by email and text, each once', async () => {
    const user = await createUser(t, { phone: '5555550142' });
    const visit = await bookedVisit(t, user.id, {
      startsAt: new Date(Date.now() + 20 * 60 * minute),
    });
    await visitUpkeep(t.deps, quiet);
    await visitUpkeep(t.deps, quiet);
    let mail = await mailTo(user.email);
    expect(mail.filter((m) => m.subject === 'Your visit is tomorrow')).toHaveLength(1);
    expect((await mailTo('5555550142')).filter((m) => m.channel === 'sms')).toHaveLength(1);

    // Fifteen minutes before (the job's clock moved on).
    const soon = new Date(visit.startsAt.getTime() - 10 * minute);
    await visitUpkeep(t.deps, quiet, soon);
    await visitUpkeep(t.deps, quiet, soon);
    mail = await mailTo(user.email);
    expect(mail.filter((m) => m.subject === 'Your visit starts soon')).toHaveLength(1);
    expect(mail.filter((m) => m.subject === 'Your visit is tomorrow')).toHaveLength(1);
    expect((await visitRow(t, visit.orderId))?.remindedSoonAt).not.toBeNull();
  });
});
