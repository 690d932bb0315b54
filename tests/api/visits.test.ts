import { createHmac, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doctorSlots } from '../../server/db/schema/care-network';
import { orderStatusHistory, orders } from '../../server/db/schema/orders';
import { auditLog, outbox } from '../../server/db/schema/platform';
import { doctorRatings, visits } from '../../server/db/schema/visits';
import { demoDoctorId } from '../../server/db/seed/storefront-data';
import { rescheduleToken } from '../../server/modules/visits/reschedule-link';
import { ROOM_REFUSED } from '../../shared/contracts/visit-signals';
import { messages } from '../../shared/errors/messages';
import { call } from './helpers/http';
import { openRoom } from './helpers/room-client';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createUser, demo, tokenFor } from './helpers/users';
import { bookedVisit, doctorAccount, freeSlotOf, visitRow } from './helpers/visits';

const minute = 60_000;
const turnSecret = 'turn-secret-for-the-visit-tests';
let t: TestApp;
let doctorToken: string;
beforeAll(async () => {
  t = await startTestApp({
    visitIce: {
      stunUrls: ['stun:stun.example.test:3478'],
      turnUrls: ['turn:turn.example.test:3478?transport=udp'],
      turnSecret,
      turnTtlSeconds: 3600,
    },
  });
  doctorToken = await tokenFor(t, demo.doctor.email, demo.doctor.password);
});
afterAll(async () => {
  await t.close();
});

async function patient() {
  const user = await createUser(t);
  return { user, token: await tokenFor(t, user.email, user.password) };
}

const staffPath = (orderId: string, action = '') =>
  `/api/staff/visits/${orderId}${action ? `/${action}` : ''}`;

async function auditActions(orderId: string, action: string) {
  return t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.subject, `order:${orderId}`)));
}

describe('the doctor in the console', () => {
  it('lists their visits and reads a chart, both audited; another doctor sees neither', async () => {
    const { user } = await patient();
    const visit = await bookedVisit(t, user.id, { startsAt: new Date(Date.now() + 60 * minute) });
    const list = await call(t.url, 'GET', '/api/staff/visits', { token: doctorToken });
    expect(list.status).toBe(200);
    const listed = list.body.Data.visits.find(
      (v: { orderId: string }) => v.orderId === visit.orderId,
    );
    expect(listed).toMatchObject({ status: 'scheduled', patient: { name: 'Test Person' } });

    const chart = await call(t.url, 'GET', staffPath(visit.orderId), { token: doctorToken });
    expect(chart.status).toBe(200);
    expect(chart.body.Data.items[0].name).toBeTruthy();
    expect(chart.body.Data.patient.email).toBe(user.email);
    expect(chart.body.Data.documents).toEqual([]);
    expect(await auditActions(visit.orderId, 'doctor.visits.read')).toHaveLength(1);

    const other = await doctorAccount(t);
    const otherToken = await tokenFor(t, other.user.email, other.user.password);
    const foreign = await call(t.url, 'GET', staffPath(visit.orderId), { token: otherToken });
    expect(foreign.status).toBe(404);
    expect(foreign.body.Message).toBe(messages.visitNotFound);
    const otherList = await call(t.url, 'GET', '/api/staff/visits', { token: otherToken });
    expect(otherList.body.Data.visits).toEqual([]);
  });

  it('is the only role let in: patients and agents are refused', async () => {
    const { token } = await patient();
    const agent = await tokenFor(t, demo.agent.email, demo.agent.password);
    for (const caller of [token, agent]) {
      expect((await call(t.url, 'GET', '/api/staff/visits', { token: caller })).status).toBe(403);
    }
  });

  it('starts in the window only, then ends with an approval that moves the order on', async () => {
    const { user } = await patient();
    const later = await bookedVisit(t, user.id, {
      startsAt: new Date(Date.now() + 3 * 60 * minute),
    });
    const early = await call(t.url, 'POST', staffPath(later.orderId, 'start'), {
      token: doctorToken,
    });
    expect(early.status).toBe(409);
    expect(early.body.Message).toBe(messages.visitNotStartable);

    const now = await bookedVisit(t, user.id, { startsAt: new Date(Date.now() + 5 * minute) });
    const notYet = await call(t.url, 'POST', staffPath(now.orderId, 'end'), {
      token: doctorToken,
      json: { outcome: 'approved' },
    });
    expect(notYet.status).toBe(409);
    const started = await call(t.url, 'POST', staffPath(now.orderId, 'start'), {
      token: doctorToken,
    });
    expect(started.status).toBe(200);
    expect(started.body.Data.status).toBe('in-progress');
    const notes = await call(t.url, 'PUT', staffPath(now.orderId, 'notes'), {
      token: doctorToken,
      json: { notes: 'Eye pressure history discussed.' },
    });
    expect(notes.status).toBe(200);
    const ended = await call(t.url, 'POST', staffPath(now.orderId, 'end'), {
      token: doctorToken,
      json: { outcome: 'approved' },
    });
    expect(ended.status).toBe(200);
    expect(ended.body.Data).toMatchObject({ status: 'ended', outcome: 'approved' });
    expect(await visitRow(t, now.orderId)).toMatchObject({
      status: 'ended',
      notes: 'Eye pressure history discussed.',
    });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, now.orderId));
    expect(order?.status).toBe('approved');
    const history = await t.database.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.orderId, now.orderId));
    expect(history.at(-1)).toMatchObject({ fromStatus: 'in-review', toStatus: 'approved' });
    const mail = await t.database.db.select().from(outbox).where(eq(outbox.recipient, user.email));
    expect(mail.map((m) => m.subject)).toContain('Your visit summary');
    // Once ended, it cannot end again.
    const again = await call(t.url, 'POST', staffPath(now.orderId, 'end'), {
      token: doctorToken,
      json: { outcome: 'declined' },
    });
    expect(again.status).toBe(409);
  });

  it('a declined prescription cancels the order', async () => {
    const { user } = await patient();
    const visit = await bookedVisit(t, user.id, { startsAt: new Date(Date.now() + 2 * minute) });
    await call(t.url, 'POST', staffPath(visit.orderId, 'start'), { token: doctorToken });
    const ended = await call(t.url, 'POST', staffPath(visit.orderId, 'end'), {
      token: doctorToken,
      json: { outcome: 'declined' },
    });
    expect(ended.status).toBe(200);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, visit.orderId));
    expect(order?.status).toBe('cancelled');
  });

  it('bad input is a 400, never a 500', async () => {
    const { user } = await patient();
    const visit = await bookedVisit(t, user.id, { startsAt: new Date(Date.now() + 2 * minute) });
    for (const json of [{ outcome: 'maybe' }, {}, { outcome: 'approved', extra: 1 }]) {
      const res = await call(t.url, 'POST', staffPath(visit.orderId, 'end'), {
        token: doctorToken,
        json,
      });
      expect(res.status).toBe(400);
    }
    expect((await call(t.url, 'GET', staffPath('not-a-uuid'), { token: doctorToken })).status).toBe(
      404,
    );
  });
});

describe('the patient', () => {
  it('reads their own visit; another patient gets 404', async () => {
    const { user, token } = await patient();
    const visit = await bookedVisit(t, user.id, { startsAt: new Date(Date.now() + 30 * minute) });
    const own = await call(t.url, 'GET', `/api/visit/PatientVisit?orderId=${visit.orderId}`, {
      token,
    });
    expect(own.status).toBe(200);
    expect(own.body.Data).toMatchObject({
      orderId: visit.orderId,
      status: 'scheduled',
      startsAt: visit.startsAt.toISOString(),
      joinOpensAt: new Date(visit.startsAt.getTime() - 15 * minute).toISOString(),
    });
    const other = await patient();
    const foreign = await call(t.url, 'GET', `/api/visit/PatientVisit?orderId=${visit.orderId}`, {
      token: other.token,
    });
    expect(foreign.status).toBe(404);
  });

  it('welcome-back: the next visit, the one about to start, none when there is none', async () => {
    const { user, token } = await patient();
    const q = '?storefrontId=132';
    const none = await call(t.url, 'GET', `/api/order/VisitAboutToStartDetails${q}`, { token });
    expect(none.body.Data.visit).toBeNull();
    const tomorrow = await bookedVisit(t, user.id, {
      startsAt: new Date(Date.now() + 24 * 60 * minute),
    });
    const welcome = await call(t.url, 'GET', '/api/order/WelcomeScreenVisit', { token });
    expect(welcome.body.Data.visit.orderId).toBe(tomorrow.orderId);
    expect(
      (await call(t.url, 'GET', `/api/order/VisitAboutToStartDetails${q}`, { token })).body.Data
        .visit,
    ).toBeNull();
    const soon = await bookedVisit(t, user.id, { startsAt: new Date(Date.now() + 10 * minute) });
    const about = await call(t.url, 'GET', `/api/order/VisitAboutToStartDetails${q}`, { token });
    expect(about.body.Data.visit.orderId).toBe(soon.orderId);
    const bad = await call(t.url, 'GET', '/api/order/VisitAboutToStartDetails?storefrontId=x', {
      token,
    });
    expect(bad.status).toBe(400);
  });

  it('rates the doctor once the visit ended: 1–5 and a comment, editable for a day', async () => {
    const { user, token } = await patient();
    const visit = await bookedVisit(t, user.id, { startsAt: new Date(Date.now() + 2 * minute) });
    const rate = (json: Record<string, unknown>) =>
      call(t.url, 'POST', '/api/visit/SaveDoctorRating', {
        token,
        json: { orderId: visit.orderId, ...json },
      });
    const tooEarly = await rate({ rating: 5 });
    expect(tooEarly.status).toBe(409);
    expect(tooEarly.body.Message).toBe(messages.visitNotEnded);
    await call(t.url, 'POST', staffPath(visit.orderId, 'start'), { token: doctorToken });
    await call(t.url, 'POST', staffPath(visit.orderId, 'end'), {
      token: doctorToken,
      json: { outcome: 'approved' },
    });

    for (const rating of [0, 6, 2.5, '5']) expect((await rate({ rating })).status).toBe(400);
    const saved = await rate({ rating: 4, comment: 'Kind and clear.' });
    expect(saved.status).toBe(200);
    expect(saved.body.Data.rating).toMatchObject({ rating: 4, comment: 'Kind and clear.' });
    const changed = await rate({ rating: 5, comment: 'Even better on reflection.' });
    expect(changed.body.Data.rating.rating).toBe(5);
    const stored = await t.database.db
      .select()
      .from(doctorRatings)
      .where(eq(doctorRatings.orderId, visit.orderId));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.doctorId).toBe(demoDoctorId);

    await t.database.db
      .update(doctorRatings)
      .set({ createdAt: new Date(Date.now() - 25 * 60 * minute) })
      .where(eq(doctorRatings.orderId, visit.orderId));
    const late = await rate({ rating: 1 });
    expect(late.status).toBe(409);
    expect(late.body.Message).toBe(messages.ratingLocked);

    const other = await patient();
    const foreign = await call(t.url, 'POST', '/api/visit/SaveDoctorRating', {
      token: other.token,
      json: { orderId: visit.orderId, rating: 1 },
    });
    expect(foreign.status).toBe(404);
  });
});

describe('the visit room', () => {
  it('admits the patient and the doctor, relays their signals, drops a forged one', async () => {
    const { user, token } = await patient();
    const visit = await bookedVisit(t, user.id, { startsAt: new Date(Date.now() + 5 * minute) });
    const patientRoom = await openRoom(t.url);
    patientRoom.send({ type: 'join', visitId: visit.orderId, token });
    const joined = await patientRoom.next('joined');
    expect(joined).toMatchObject({ role: 'patient', peer: null, status: 'waiting' });
    expect((await visitRow(t, visit.orderId))?.status).toBe('waiting');

    // TURN credentials in coturn's REST format, for this person, expiring in an hour.
    const turn = joined.iceServers.find((s) => s.urls[0]?.startsWith('turn:'));
    const [expiry, who] = (turn?.username ?? '').split(':');
    expect(who).toBe(user.id);
    expect(Number(expiry) - Date.now() / 1000).toBeGreaterThan(3500);
    expect(turn?.credential).toBe(
      createHmac('sha1', turnSecret)
        .update(turn?.username ?? '')
        .digest('base64'),
    );

    const doctorRoom = await openRoom(t.url);
    doctorRoom.send({ type: 'join', visitId: visit.orderId, token: doctorToken });
    expect(await doctorRoom.next('joined')).toMatchObject({
      role: 'doctor',
      peer: { audio: true, video: true },
    });
    await patientRoom.next('peer-joined');

    // A message naming another visit is dropped; the next real one arrives first.
    const elsewhere = await bookedVisit(t, user.id, {
      startsAt: new Date(Date.now() + 6 * minute),
    });
    const offer = { description: { type: 'offer', sdp: 'v=0 forged' } };
    doctorRoom.send({ type: 'signal', visitId: elsewhere.orderId, data: offer });
    doctorRoom.send({
      type: 'signal',
      visitId: visit.orderId,
      data: { description: { type: 'offer', sdp: 'v=0 real' } },
    });
    const relayed = await patientRoom.next('signal');
    expect(relayed.data).toEqual({ description: { type: 'offer', sdp: 'v=0 real' } });

    patientRoom.send({
      type: 'media',
      visitId: visit.orderId,
      media: { audio: false, video: true },
    });
    expect((await doctorRoom.next('peer-media')).media).toEqual({ audio: false, video: true });

    // The doctor starts the visit over HTTP: both hear of it.
    await call(t.url, 'POST', staffPath(visit.orderId, 'start'), { token: doctorToken });
    const statuses = async (room: typeof patientRoom) => {
      for (;;) {
        const message = await room.next('visit-status');
        if (message.status === 'in-progress') return message;
      }
    };
    await statuses(patientRoom);
    await statuses(doctorRoom);

    // The patient's network drops: the doctor is told, and told again when they are back.
    patientRoom.close();
    await doctorRoom.next('peer-left');
    const back = await openRoom(t.url);
    back.send({ type: 'join', visitId: visit.orderId, token });
    expect((await back.next('joined')).status).toBe('in-progress');
    await doctorRoom.next('peer-joined');
    back.close();
    doctorRoom.close();
  });

  it('refuses a third user, another doctor, a bad token, and the patient outside the window', async () => {
    const { user, token } = await patient();
    const visit = await bookedVisit(t, user.id, { startsAt: new Date(Date.now() + 5 * minute) });
    const tomorrow = await bookedVisit(t, user.id, {
      startsAt: new Date(Date.now() + 24 * 60 * minute),
    });
    const stranger = await patient();
    const other = await doctorAccount(t);
    const otherDoctorToken = await tokenFor(t, other.user.email, other.user.password);
    const agentToken = await tokenFor(t, demo.agent.email, demo.agent.password);
    const cases = [
      { token: stranger.token, visitId: visit.orderId, message: messages.visitRoomRefused },
      { token: otherDoctorToken, visitId: visit.orderId, message: messages.visitRoomRefused },
      { token: agentToken, visitId: visit.orderId, message: messages.visitRoomRefused },
      { token: 'x'.repeat(40), visitId: visit.orderId, message: messages.visitSignInAgain },
      { token, visitId: tomorrow.orderId, message: messages.visitRoomNotOpen },
      { token, visitId: 'not-a-visit', message: messages.visitRoomRefused },
    ];
    for (const c of cases) {
      const room = await openRoom(t.url);
      room.send({ type: 'join', visitId: c.visitId, token: c.token });
      expect(await room.next('refused')).toEqual({ type: 'refused', message: c.message });
      expect((await room.closed).code).toBe(ROOM_REFUSED);
    }
    // Joining another visit than the socket's address names is refused.
    const misrouted = await openRoom(t.url, tomorrow.orderId);
    misrouted.send({ type: 'join', visitId: visit.orderId, token });
    expect((await misrouted.next('refused')).message).toBe(messages.visitRoomRefused);

    const denied = await auditActions(visit.orderId, 'visit.room.join');
    expect(denied.filter((d) => d.outcome === 'denied').length).toBeGreaterThanOrEqual(3);

    // A visit that is over refuses its own patient too.
    await t.database.db
      .update(doctorSlots)
      .set({
        startsAt: new Date(Date.now() - 3 * 60 * minute),
        endsAt: new Date(Date.now() - 150 * minute),
      })
      .where(eq(doctorSlots.id, visit.slotId));
    const late = await openRoom(t.url);
    late.send({ type: 'join', visitId: visit.orderId, token });
    expect((await late.next('refused')).message).toBe(messages.visitRoomClosed);
  });

  it('closes on an unreadable message and ignores messages before joining', async () => {
    const room = await openRoom(t.url);
    room.send({ type: 'signal', visitId: 'x', data: { candidate: { candidate: 'c' } } });
    room.send('not json');
    expect((await room.closed).code).toBe(4400);
    const plain = await call(t.url, 'GET', '/api/visit/PatientVisit/room');
    expect(plain.status).toBe(426);
  });
});

describe('the demo visit (development mode)', () => {
  it('books a visit for the demo patient with the demo doctor, ready to join', async () => {
    const booked = await call(t.url, 'POST', '/api/dev/demo-visit', { json: { inMinutes: 3 } });
    expect(booked.status).toBe(200);
    expect(booked.body.Data.patientUrl).toContain(
      `/checkout/patient-visit?orderId=${booked.body.Data.orderId}`,
    );
    const token = await tokenFor(t, demo.patient.email, demo.patient.password);
    const visit = await call(
      t.url,
      'GET',
      `/api/visit/PatientVisit?orderId=${booked.body.Data.orderId}`,
      {
        token,
      },
    );
    expect(visit.body.Data).toMatchObject({ status: 'scheduled', doctor: { id: demoDoctorId } });
    const room = await openRoom(t.url);
    room.send({ type: 'join', visitId: booked.body.Data.orderId, token });
    expect((await room.next('joined')).role).toBe('patient');
    room.close();
    for (const json of [{ inMinutes: -1 }, { email: 'nobody@example.test' }, { extra: true }]) {
      const res = await call(t.url, 'POST', '/api/dev/demo-visit', { json });
      expect([400, 404]).toContain(res.status);
    }
  });
});

describe('the emailed reschedule link', () => {
  it('is its own credential for one visit: view, move once; forged, expired or over refused', async () => {
    const { user } = await patient();
    const visit = await bookedVisit(t, user.id, {
      startsAt: new Date(Date.now() - 60 * minute),
      status: 'missed',
    });
    const token = rescheduleToken(t.config.serverSecret, visit.orderId);
    const view = await call(t.url, 'GET', `/api/visit/Reschedulings/${token}`);
    expect(view.status).toBe(200);
    expect(view.body.Data.visit).toMatchObject({ orderId: visit.orderId, status: 'missed' });
    expect(view.body.Data.doctors.length).toBeGreaterThan(0);

    const free = await freeSlotOf(t, visit.doctorId, 4);
    const moved = await call(t.url, 'POST', `/api/visit/Reschedulings/${token}`, {
      json: { slotId: free.id, timeZone: 'America/Chicago' },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.Data).toMatchObject({
      status: 'scheduled',
      startsAt: free.startsAt.toISOString(),
    });
    expect(await auditActions(visit.orderId, 'visit.rescheduled')).toHaveLength(1);

    const [body, expiry, sig] = token.split('~');
    const forged = [
      `${body}~${Number(expiry) + 1000}~${sig}`,
      `${randomUUID()}~${expiry}~${sig}`,
      `${body}.${expiry}.${sig}`,
      'not-a-token',
      rescheduleToken(
        t.config.serverSecret,
        visit.orderId,
        new Date(Date.now() - 8 * 24 * 60 * minute),
      ),
      rescheduleToken('another-secret-of-thirty-two-chars!!', visit.orderId),
    ];
    for (const bad of forged) {
      const res = await call(t.url, 'GET', `/api/visit/Reschedulings/${encodeURIComponent(bad)}`);
      expect(res.status).toBe(404);
      expect(res.body.Message).toBe(messages.rescheduleLinkInvalid);
    }
    expect(
      (await call(t.url, 'POST', `/api/visit/Reschedulings/${token}`, { json: { slotId: 'x' } }))
        .status,
    ).toBe(400);

    // Once the visit began, the link no longer moves it.
    await t.database.db
      .update(visits)
      .set({ status: 'in-progress' })
      .where(eq(visits.orderId, visit.orderId));
    expect((await call(t.url, 'GET', `/api/visit/Reschedulings/${token}`)).status).toBe(410);
  });
});
