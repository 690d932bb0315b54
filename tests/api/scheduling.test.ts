import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doctorSlots, doctors } from '../../server/db/schema/care-network';
import { products } from '../../server/db/schema/catalog';
import { type AddressSnapshot, orders } from '../../server/db/schema/orders';
import { statesWithFewerThanTwoDoctors, usStateCodes } from '../../server/db/seed/seed-doctors';
import { slotTimesFor, topUpDoctorSlots } from '../../server/db/seed/slot-generation';
import { demoDoctorId } from '../../server/db/seed/storefront-data';
import { bookHeldSlot, extendHoldForPayment } from '../../server/modules/scheduling/slot-holds';
import { StageBit } from '../../shared/checkout/stage-bits';
import { isAppError } from '../../shared/errors/app-error';
import { call } from './helpers/http';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createUser, demo, guestToken, tokenFor } from './helpers/users';

let t: TestApp;
let browseToken: string;
const sku: Record<string, number> = {};

const slotTaken = 'That time was just taken. Please choose another time.';
const addressFirst = 'Please add a shipping address first.';

beforeAll(async () => {
  t = await startTestApp();
  for (const row of await t.database.db
    .select({ id: products.id, sku: products.sku })
    .from(products)) {
    sku[row.sku] = row.id;
  }
  browseToken = await guestToken(t);
});
afterAll(async () => {
  await t.close();
});

async function newPatient() {
  const user = await createUser(t);
  return { ...user, token: await tokenFor(t, user.email, user.password) };
}

/** A patient's cart with one product, through the cart API. */
async function cartWith(token: string, productSku: string): Promise<string> {
  const productId = sku[productSku];
  const res = await call(t.url, 'POST', '/api/user/Cart/AddToCart', {
    token,
    json: { productId, storefrontId: 132 },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.Data.orderId as string;
}

async function shipTo(orderId: string, state: string) {
  const address: AddressSnapshot = {
    fullName: 'Test Person',
    line1: '1 Main St',
    line2: null,
    city: 'Springfield',
    state,
    zip: '10001',
    phone: null,
  };
  await t.database.db
    .update(orders)
    .set({ shippingAddress: address })
    .where(eq(orders.id, orderId));
}

async function orderRow(orderId: string) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw new Error('no order');
  return row;
}

async function slotRow(slotId: number) {
  const [row] = await t.database.db.select().from(doctorSlots).where(eq(doctorSlots.id, slotId));
  if (!row) throw new Error('no slot');
  return row;
}

async function freeSlots(doctorId: number, timeZone?: string) {
  const query = new URLSearchParams({ doctorId: String(doctorId), days: '14' });
  if (timeZone) query.set('timeZone', timeZone);
  const res = await call(t.url, 'GET', `/api/order/GetDoctorSlots?${query}`, {
    token: browseToken,
  });
  expect(res.status).toBe(200);
  return res.body.Data as {
    id: number;
    startsAt: string;
    startsAtLocal: string;
    doctorLocal: string;
  }[];
}

/** A free slot at least an hour ahead, not one another test already picked. */
const picked = new Set<number>();
async function pickSlot(doctorId: number): Promise<number> {
  const soon = Date.now() + 60 * 60_000;
  const slot = (await freeSlots(doctorId)).find(
    (s) => Date.parse(s.startsAt) > soon && !picked.has(s.id),
  );
  if (!slot) throw new Error(`no free slot for doctor ${doctorId}`);
  picked.add(slot.id);
  return slot.id;
}

async function doctorIdsIn(state: string): Promise<number[]> {
  const rows = await t.database.db.select().from(doctors);
  return rows.filter((d) => d.licensedStates.includes(state)).map((d) => d.id);
}

async function doctorNotIn(state: string): Promise<number> {
  const rows = await t.database.db.select().from(doctors);
  const doctor = rows.find((d) => !d.licensedStates.includes(state));
  if (!doctor) throw new Error('every doctor is licensed there');
  return doctor.id;
}

function selectDoctor(token: string, json: Record<string, unknown>) {
  return call(t.url, 'POST', '/api/order/SelectDoctor', { token, json });
}

describe('doctors', () => {
  it('seeds at least two doctors in every state', async () => {
    expect(statesWithFewerThanTwoDoctors()).toEqual([]);
    const { token } = await newPatient();
    for (const state of usStateCodes) {
      const res = await call(t.url, 'GET', `/api/order/GetDoctors?state=${state}`, { token });
      expect(res.status).toBe(200);
      expect(res.body.Data.length, state).toBeGreaterThanOrEqual(2);
    }
  });

  it('gives every doctor a well-formed NPI, and the demo doctor a console account', async () => {
    const rows = await t.database.db.select().from(doctors);
    for (const row of rows) expect(npiIsValid(row.npi ?? ''), `doctor ${row.id}`).toBe(true);
    const token = await tokenFor(t, demo.doctor.email, demo.doctor.password);
    const me = await call(t.url, 'GET', '/api/user/User/UserInfo', { token });
    expect(me.body.Data).toMatchObject({ email: demo.doctor.email, role: 'doctor' });
    const linked = rows.find((row) => row.id === demoDoctorId);
    expect(linked?.userId).toBe(me.body.Data.userId);
    expect(me.body.Data).toMatchObject({
      firstName: linked?.firstName,
      lastName: linked?.lastName,
    });
  });

  it('lists the doctors licensed in a state, with their next free time', async () => {
    const guest = await guestToken(t);
    const res = await call(t.url, 'GET', '/api/order/GetDoctors?state=tx', { token: guest });
    expect(res.status).toBe(200);
    const list = res.body.Data as {
      doctorId: number;
      name: string;
      nextAvailable: string | null;
    }[];
    expect(list.map((d) => d.doctorId).sort()).toEqual((await doctorIdsIn('TX')).sort());
    for (const doctor of list) {
      expect(doctor.name).toMatch(/^Dr\. \S+ \S+/);
      expect(doctor).toMatchObject({
        credentials: expect.stringMatching(/^(MD|DO|OD|NP)$/),
        specialty: expect.any(String),
        timeZone: expect.stringMatching(/^America\//),
      });
      expect(Date.parse(doctor.nextAvailable ?? '')).toBeGreaterThan(Date.now());
    }
  });

  it('refuses a malformed state and answers nobody for an unknown one', async () => {
    const { token } = await newPatient();
    expect((await call(t.url, 'GET', '/api/order/GetDoctors?state=Texas', { token })).status).toBe(
      400,
    );
    expect((await call(t.url, 'GET', '/api/order/GetDoctors', { token })).status).toBe(400);
    const none = await call(t.url, 'GET', '/api/order/GetDoctors?state=ZZ', { token });
    expect(none.status).toBe(200);
    expect(none.body.Data).toEqual([]);
    expect((await call(t.url, 'GET', '/api/order/GetDoctors?state=TX')).status).toBe(401);
  });

  it('shows a doctor bio; an unknown doctor is 404', async () => {
    const { token } = await newPatient();
    const [id] = await doctorIdsIn('NY');
    const res = await call(t.url, 'GET', `/api/order/GetDoctorBio?doctorId=${id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body.Data).toMatchObject({ doctorId: id, name: expect.stringMatching(/^Dr\. /) });
    expect(res.body.Data.bio.length).toBeGreaterThan(100);
    expect(res.body.Data.licensedStates).toContain('NY');
    expect(
      (await call(t.url, 'GET', '/api/order/GetDoctorBio?doctorId=99999', { token })).status,
    ).toBe(404);
    expect(
      (await call(t.url, 'GET', '/api/order/GetDoctorBio?doctorId=abc', { token })).status,
    ).toBe(400);
  });
});

describe('slots', () => {
  it('are weekday working hours in the doctor zone, shown in the patient zone', async () => {
    const rows = await t.database.db
      .select()
      .from(doctors)
      .where(eq(doctors.timeZone, 'America/New_York'));
    const nyDoctor = rows[0];
    if (!nyDoctor) throw new Error('no New York doctor');
    const slots = await freeSlots(nyDoctor.id, 'America/Chicago');
    expect(slots.length).toBeGreaterThan(0);
    for (const slot of slots) {
      const hour = Number(slot.doctorLocal.slice(11, 13));
      expect(hour).toBeGreaterThanOrEqual(9);
      expect(hour).toBeLessThan(17);
      expect(Date.parse(slot.startsAt)).toBeGreaterThan(Date.now() - 1000);
    }
    const nine = slots.find((s) => s.doctorLocal.slice(11, 16) === '09:00');
    if (!nine) throw new Error('no 9:00 slot in two weeks');
    expect(nine.doctorLocal).toMatch(/T09:00:00-0[45]:00$/);
    expect(nine.startsAtLocal).toMatch(/T08:00:00-0[56]:00$/);
    expect(Date.parse(nine.startsAtLocal)).toBe(Date.parse(nine.startsAt));
    // Without a zone, the doctor's.
    const own = await freeSlots(nyDoctor.id);
    expect(own[0]?.startsAtLocal).toBe(own[0]?.doctorLocal);
  });

  it('keeps topping up idempotently', async () => {
    const later = new Date(Date.now() + 40 * 24 * 60 * 60_000);
    expect(await topUpDoctorSlots(t.database.db, later, 3)).toBeGreaterThan(0);
    expect(await topUpDoctorSlots(t.database.db, later, 3)).toBe(0);
    const times = slotTimesFor('America/Denver', new Date('2026-03-06T12:00:00Z'), 3);
    // Friday 6 March (MST) from 12:00 UTC = 5:00 local: all 16 slots; then a weekend.
    expect(times).toHaveLength(16);
    expect(times[0]?.startsAt.toISOString()).toBe('2026-03-06T16:00:00.000Z');
  });

  it('refuses a bad time zone, day count or date', async () => {
    const { token } = await newPatient();
    for (const query of [
      'doctorId=1&timeZone=Mars/Olympus',
      'doctorId=1&timeZone=%2B05:00',
      'doctorId=1&days=0',
      'doctorId=1&days=99',
      'doctorId=1&from=tomorrow',
      'doctorId=-1',
    ]) {
      const res = await call(t.url, 'GET', `/api/order/GetDoctorSlots?${query}`, { token });
      expect(res.status, query).toBe(400);
    }
    expect(
      (await call(t.url, 'GET', '/api/order/GetDoctorSlots?doctorId=99999', { token })).status,
    ).toBe(404);
    const odd = ['0000-01-01', '0001-01-01T00:00:00Z', '9999-12-31', '2026-02-31', '2026-13-01'];
    for (const from of odd) {
      const res = await call(t.url, 'GET', `/api/order/GetDoctorSlots?doctorId=1&from=${from}`, {
        token,
      });
      expect([200, 400], from).toContain(res.status);
    }
    const past = await call(t.url, 'GET', '/api/order/GetDoctorSlots?doctorId=1&from=2020-01-01', {
      token,
    });
    expect(past.status).toBe(200);
    expect(past.body.Data).toEqual([]);
  });
});

describe('SelectDoctor', () => {
  it('needs a shipping address and a doctor licensed in its state', async () => {
    const patient = await newPatient();
    const orderId = await cartWith(patient.token, 'RX-LATANOPROST');
    const [doctorId] = await doctorIdsIn('NY');
    const slotId = await pickSlot(doctorId ?? 0);

    const noAddress = await call(
      t.url,
      'GET',
      `/api/order/GetDoctorsByOrderId?orderId=${orderId}`,
      {
        token: patient.token,
      },
    );
    expect(noAddress.status).toBe(400);
    expect(noAddress.body.Message).toBe(addressFirst);
    const noAddressSelect = await selectDoctor(patient.token, { orderId, doctorId, slotId });
    expect(noAddressSelect.status).toBe(400);
    expect(noAddressSelect.body.Message).toBe(addressFirst);

    await shipTo(orderId, 'NY');
    const list = await call(t.url, 'GET', `/api/order/GetDoctorsByOrderId?orderId=${orderId}`, {
      token: patient.token,
    });
    expect(list.status).toBe(200);
    expect(list.body.Data.map((d: { doctorId: number }) => d.doctorId).sort()).toEqual(
      (await doctorIdsIn('NY')).sort(),
    );

    const unlicensed = await doctorNotIn('NY');
    const refused = await selectDoctor(patient.token, { orderId, doctorId: unlicensed, slotId });
    expect(refused.status).toBe(400);
    expect(refused.body.Message).toBe(
      'This doctor is not licensed in your shipping state. Please choose another doctor.',
    );
    const unknown = await selectDoctor(patient.token, { orderId, doctorId: 99999, slotId });
    expect(unknown.status).toBe(404);
    expect((await orderRow(orderId)).doctorId).toBeNull();
  });

  it('visit type 1 needs a slot, holds it and marks the Scheduling stage', async () => {
    const patient = await newPatient();
    const orderId = await cartWith(patient.token, 'RX-LATANOPROST');
    await shipTo(orderId, 'NY');
    const [doctorId] = await doctorIdsIn('NY');
    const without = await selectDoctor(patient.token, { orderId, doctorId });
    expect(without.status).toBe(400);
    expect(without.body.Message).toBe('Please choose a time for your visit.');

    const slotId = await pickSlot(doctorId ?? 0);
    const otherDoctorSlot = await pickSlot((await doctorIdsIn('NY'))[1] ?? 0);
    const mismatch = await selectDoctor(patient.token, {
      orderId,
      doctorId,
      slotId: otherDoctorSlot,
    });
    expect(mismatch.status).toBe(404);

    const res = await selectDoctor(patient.token, { orderId, doctorId, slotId });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const data = res.body.Data;
    expect(data.doctor).toEqual({ doctorId, name: expect.stringMatching(/^Dr\. /) });
    expect(data.completedCheckoutStages & StageBit.Scheduling).toBe(StageBit.Scheduling);
    expect(data.pendingStages).not.toContain('Scheduling');
    expect(data.items[0].schedule).toMatchObject({
      id: slotId,
      invitee: { name: 'Test Person', email: patient.email },
    });

    const slot = await slotRow(slotId);
    expect(slot.heldByOrderId).toBe(orderId);
    const minutes = ((slot.heldUntil?.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);
    expect(await orderRow(orderId)).toMatchObject({ doctorId, slotId, visitType: 1 });
    // A held slot is no longer offered to others.
    expect((await freeSlots(doctorId ?? 0)).some((s) => s.id === slotId)).toBe(false);

    // Choosing another time lets go of the first.
    const second = await pickSlot(doctorId ?? 0);
    expect((await selectDoctor(patient.token, { orderId, doctorId, slotId: second })).status).toBe(
      200,
    );
    expect((await slotRow(slotId)).heldByOrderId).toBeNull();
    expect((await slotRow(second)).heldByOrderId).toBe(orderId);

    const scheduled = await call(
      t.url,
      'GET',
      `/api/order/GetScheduledTime?orderId=${orderId}&timeZone=America/Los_Angeles`,
      { token: patient.token },
    );
    expect(scheduled.status).toBe(200);
    expect(scheduled.body.Data).toMatchObject({
      orderId,
      slotId: second,
      status: 'held',
      timeZone: 'America/Los_Angeles',
      doctor: { doctorId },
      invitee: { name: 'Test Person', email: patient.email, number: '5555550199' },
    });
    expect(scheduled.body.Data.startsAtLocal).toMatch(/-0[78]:00$/);
  });

  it('visit type 2 uses the caller cart when no orderId is given', async () => {
    const patient = await newPatient();
    const orderId = await cartWith(patient.token, 'RX-VALACYCLOVIR');
    await shipTo(orderId, 'CA');
    const [doctorId] = await doctorIdsIn('CA');
    const slotId = await pickSlot(doctorId ?? 0);
    const res = await selectDoctor(patient.token, { doctorId: String(doctorId), slotId });
    expect(res.status).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({ doctorId, slotId, visitType: 2 });
  });

  it('visit type 3 records the doctor only', async () => {
    const patient = await newPatient();
    const orderId = await cartWith(patient.token, 'RX-FINASTERIDE');
    await shipTo(orderId, 'TX');
    const [doctorId] = await doctorIdsIn('TX');
    const slotId = await pickSlot(doctorId ?? 0);
    const withSlot = await selectDoctor(patient.token, { orderId, doctorId, slotId });
    expect(withSlot.status).toBe(400);
    expect((await slotRow(slotId)).heldByOrderId).toBeNull();

    const res = await selectDoctor(patient.token, { orderId, doctorId });
    expect(res.status).toBe(200);
    expect(res.body.Data.doctor.doctorId).toBe(doctorId);
    expect(res.body.Data.completedCheckoutStages & StageBit.Scheduling).toBe(StageBit.Scheduling);
    expect(await orderRow(orderId)).toMatchObject({ doctorId, slotId: null, visitType: 3 });
    const scheduled = await call(t.url, 'GET', `/api/order/GetScheduledTime?orderId=${orderId}`, {
      token: patient.token,
    });
    expect(scheduled.status).toBe(200);
    expect(scheduled.body.Data).toBeNull();
  });

  it('refuses an order without consult items, a paid order, and bad bodies', async () => {
    const patient = await newPatient();
    const orderId = await cartWith(patient.token, 'OTC-EYE-DROPS');
    await shipTo(orderId, 'NY');
    const [doctorId] = await doctorIdsIn('NY');
    const otc = await selectDoctor(patient.token, { orderId, doctorId });
    expect(otc.status).toBe(400);
    expect(otc.body.Message).toBe('Nothing in this order needs a doctor.');
    expect((await selectDoctor(patient.token, { orderId, doctorId, extra: 1 })).status).toBe(400);
    expect((await selectDoctor(patient.token, { orderId, doctorId: -3 })).status).toBe(400);
    expect((await selectDoctor(patient.token, { orderId: 'not-an-order', doctorId })).status).toBe(
      404,
    );
    await t.database.db.update(orders).set({ status: 'paid' }).where(eq(orders.id, orderId));
    expect((await selectDoctor(patient.token, { orderId, doctorId })).status).toBe(409);
  });

  it("answers 404 for another patient's order", async () => {
    const owner = await newPatient();
    const other = await newPatient();
    const orderId = await cartWith(owner.token, 'RX-LATANOPROST');
    await shipTo(orderId, 'NY');
    const [doctorId] = await doctorIdsIn('NY');
    const slotId = await pickSlot(doctorId ?? 0);
    const paths = [
      `/api/order/GetDoctorsByOrderId?orderId=${orderId}`,
      `/api/order/GetScheduledTime?orderId=${orderId}`,
    ];
    for (const path of paths) {
      expect((await call(t.url, 'GET', path, { token: other.token })).status, path).toBe(404);
    }
    expect((await selectDoctor(other.token, { orderId, doctorId, slotId })).status).toBe(404);
    const reschedule = await call(t.url, 'POST', '/api/order/RescheduleDoctorForRecentOrder', {
      token: other.token,
      json: { orderId, slotId },
    });
    expect(reschedule.status).toBe(404);
    expect((await slotRow(slotId)).heldByOrderId).toBeNull();
    // An agent may act on it (phone orders).
    const agent = await createUser(t, { role: 'agent' });
    const agentToken = await tokenFor(t, agent.email, agent.password);
    expect((await selectDoctor(agentToken, { orderId, doctorId, slotId })).status).toBe(200);
  });
});

describe('two orders, one slot', () => {
  let first: { orderId: string; token: string };
  let second: { orderId: string; token: string };
  let winner: string;
  let loser: string;
  let slotId: number;
  let doctorId: number;

  it('exactly one order gets a slot both ask for at once', async () => {
    const a = await newPatient();
    const b = await newPatient();
    first = { token: a.token, orderId: await cartWith(a.token, 'RX-LATANOPROST') };
    second = { token: b.token, orderId: await cartWith(b.token, 'RX-VALACYCLOVIR') };
    await shipTo(first.orderId, 'NY');
    await shipTo(second.orderId, 'NJ');
    const inNewJersey = await doctorIdsIn('NJ');
    doctorId = (await doctorIdsIn('NY')).find((id) => inNewJersey.includes(id)) ?? 0;
    slotId = await pickSlot(doctorId);
    const answers = await Promise.all(
      [first, second].map((o) => selectDoctor(o.token, { orderId: o.orderId, doctorId, slotId })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.status === 409);
    expect(refused?.body.Message).toBe(slotTaken);
    winner = answers[0]?.status === 200 ? first.orderId : second.orderId;
    loser = winner === first.orderId ? second.orderId : first.orderId;
    expect((await slotRow(slotId)).heldByOrderId).toBe(winner);
    expect((await orderRow(loser)).slotId).toBeNull();
  });

  it('an expired hold lets another order take the slot', async () => {
    const loserToken = loser === first.orderId ? first.token : second.token;
    const again = await selectDoctor(loserToken, { orderId: loser, doctorId, slotId });
    expect(again.status).toBe(409);
    await t.database.db
      .update(doctorSlots)
      .set({ heldUntil: new Date(Date.now() - 60_000) })
      .where(eq(doctorSlots.id, slotId));
    // Once expired the slot is offered again.
    expect((await freeSlots(doctorId)).some((s) => s.id === slotId)).toBe(true);
    const taken = await selectDoctor(loserToken, { orderId: loser, doctorId, slotId });
    expect(taken.status).toBe(200);
    expect((await slotRow(slotId)).heldByOrderId).toBe(loser);
    // The first order's visit time is gone.
    const winnerToken = winner === first.orderId ? first.token : second.token;
    const gone = await call(t.url, 'GET', `/api/order/GetScheduledTime?orderId=${winner}`, {
      token: winnerToken,
    });
    expect(gone.body.Data).toBeNull();
  });

  it('extendHoldForPayment renews the own hold and refuses a slot another order has', async () => {
    const db = t.database.db;
    await db
      .update(doctorSlots)
      .set({ heldUntil: new Date(Date.now() + 60_000) })
      .where(eq(doctorSlots.id, slotId));
    expect(await db.transaction((tx) => extendHoldForPayment(tx, loser))).toBe(true);
    const renewed = await slotRow(slotId);
    expect((renewed.heldUntil?.getTime() ?? 0) - Date.now()).toBeGreaterThan(14 * 60_000);
    // The winner's order still points at the slot, now held by the other order.
    expect(await db.transaction((tx) => extendHoldForPayment(tx, winner))).toBe(false);
    // An order without a slot has nothing to hold.
    const patient = await newPatient();
    const noSlot = await cartWith(patient.token, 'OTC-EYE-DROPS');
    expect(await db.transaction((tx) => extendHoldForPayment(tx, noSlot))).toBe(true);
    // A lapsed but untaken hold is renewed.
    await db
      .update(doctorSlots)
      .set({ heldUntil: new Date(Date.now() - 60_000) })
      .where(eq(doctorSlots.id, slotId));
    expect(await db.transaction((tx) => extendHoldForPayment(tx, loser))).toBe(true);
    expect((await slotRow(slotId)).heldByOrderId).toBe(loser);
  });

  it('bookHeldSlot books for the holder once and refuses anyone else with 409', async () => {
    const db = t.database.db;
    const booked = await db.transaction((tx) => bookHeldSlot(tx, loser));
    expect(booked).toMatchObject({
      id: slotId,
      bookedByOrderId: loser,
      heldByOrderId: null,
      heldUntil: null,
    });
    // Again: the same booking.
    expect(await db.transaction((tx) => bookHeldSlot(tx, loser))).toMatchObject({
      bookedByOrderId: loser,
    });
    const refused = await db
      .transaction((tx) => bookHeldSlot(tx, winner))
      .catch((error: unknown) => error);
    expect(isAppError(refused) && refused.status).toBe(409);
    expect(await db.transaction((tx) => extendHoldForPayment(tx, winner))).toBe(false);
    expect(await db.transaction((tx) => extendHoldForPayment(tx, loser))).toBe(true);
    expect((await slotRow(slotId)).bookedByOrderId).toBe(loser);
    // A booked slot is never offered again, whatever its hold says.
    expect((await freeSlots(doctorId)).some((s) => s.id === slotId)).toBe(false);
  });

  it('a paid order moves its visit to another free slot', async () => {
    const loserToken = loser === first.orderId ? first.token : second.token;
    const winnerToken = winner === first.orderId ? first.token : second.token;
    const reschedule = (token: string, json: Record<string, unknown>) =>
      call(t.url, 'POST', '/api/order/RescheduleDoctorForRecentOrder', { token, json });

    const newSlot = await pickSlot(doctorId);
    // Still a cart: nothing to reschedule yet.
    const early = await reschedule(loserToken, { orderId: loser, slotId: newSlot });
    expect(early.status).toBe(409);
    expect(early.body.Message).toBe('This visit can no longer be rescheduled.');
    await t.database.db
      .update(orders)
      .set({ status: 'paid', paidAt: new Date() })
      .where(eq(orders.id, loser));

    const moved = await reschedule(loserToken, {
      orderId: loser,
      slotId: newSlot,
      timeZone: 'America/Chicago',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.Data).toMatchObject({
      orderId: loser,
      slotId: newSlot,
      status: 'booked',
      timeZone: 'America/Chicago',
    });
    expect((await slotRow(slotId)).bookedByOrderId).toBeNull();
    expect((await slotRow(newSlot)).bookedByOrderId).toBe(loser);
    expect((await orderRow(loser)).slotId).toBe(newSlot);
    // The freed slot is offered again.
    expect((await freeSlots(doctorId)).some((s) => s.id === slotId)).toBe(true);

    // To another doctor licensed in the shipping state.
    const loserState = (await orderRow(loser)).shippingAddress?.state ?? '';
    const otherDoctor = (await doctorIdsIn(loserState)).find((id) => id !== doctorId) ?? 0;
    const otherSlot = await pickSlot(otherDoctor);
    const toOther = await reschedule(loserToken, { orderId: loser, slotId: otherSlot });
    expect(toOther.status).toBe(200);
    expect(toOther.body.Data.doctor.doctorId).toBe(otherDoctor);
    expect(await orderRow(loser)).toMatchObject({ doctorId: otherDoctor, slotId: otherSlot });

    // A doctor not licensed there, a slot someone holds, an unknown slot.
    const unlicensedSlot = await pickSlot(await doctorNotIn(loserState));
    expect((await reschedule(loserToken, { orderId: loser, slotId: unlicensedSlot })).status).toBe(
      400,
    );
    const heldByWinner = await pickSlot(doctorId);
    expect(
      (await selectDoctor(winnerToken, { orderId: winner, doctorId, slotId: heldByWinner })).status,
    ).toBe(200);
    const taken = await reschedule(loserToken, { orderId: loser, slotId: heldByWinner });
    expect(taken.status).toBe(409);
    expect(taken.body.Message).toBe(slotTaken);
    expect((await reschedule(loserToken, { orderId: loser, slotId: 99_999_999 })).status).toBe(404);
    expect((await reschedule(winnerToken, { orderId: loser, slotId: newSlot })).status).toBe(404);
    expect((await slotRow(otherSlot)).bookedByOrderId).toBe(loser);

    const scheduled = await call(t.url, 'GET', `/api/order/GetScheduledTime?orderId=${loser}`, {
      token: loserToken,
    });
    expect(scheduled.body.Data).toMatchObject({
      slotId: otherSlot,
      status: 'booked',
      heldUntil: null,
    });
  });
});

describe('guest orders', () => {
  it('lists doctors for the guest order and holds the chosen time', async () => {
    const token = await guestToken(t);
    const none = await call(t.url, 'GET', '/api/v1/guestorders/current/getdoctors', { token });
    expect(none.status).toBe(404);

    const created = await call(t.url, 'POST', '/api/v1/guestorders', {
      token,
      json: { storefrontId: 132, items: [{ productId: sku['RX-LATANOPROST'], qty: 1 }] },
    });
    expect(created.status).toBe(200);
    const orderId = created.body.Data.orderId as string;
    const noAddress = await call(t.url, 'GET', '/api/v1/guestorders/current/getdoctors', { token });
    expect(noAddress.status).toBe(400);
    expect(noAddress.body.Message).toBe(addressFirst);

    await shipTo(orderId, 'AZ');
    const list = await call(t.url, 'GET', '/api/v1/guestorders/current/getdoctors', { token });
    expect(list.status).toBe(200);
    const ids = list.body.Data.map((d: { doctorId: number }) => d.doctorId);
    expect(ids.sort()).toEqual((await doctorIdsIn('AZ')).sort());

    const doctorId = ids[0] as number;
    const slotId = await pickSlot(doctorId);
    const chosen = await call(t.url, 'PATCH', '/api/v1/guestorders/current/doctor', {
      token,
      json: { doctorId, slotId },
    });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
    expect(chosen.body.Data.doctor.doctorId).toBe(doctorId);
    expect(chosen.body.Data.items[0].schedule).toMatchObject({
      id: slotId,
      invitee: { name: 'Test Person' },
    });
    expect((await slotRow(slotId)).heldByOrderId).toBe(orderId);

    const unlicensed = await call(t.url, 'PATCH', '/api/v1/guestorders/current/doctor', {
      token,
      json: { doctorId: await doctorNotIn('AZ') },
    });
    expect(unlicensed.status).toBe(400);
    const extra = await call(t.url, 'PATCH', '/api/v1/guestorders/current/doctor', {
      token,
      json: { doctorId, slotId, orderId },
    });
    expect(extra.status).toBe(400);
  });

  it('a guest token cannot use the logged-in order calls, nor another guest order', async () => {
    const token = await guestToken(t);
    const patient = await newPatient();
    const orderId = await cartWith(patient.token, 'RX-LATANOPROST');
    await shipTo(orderId, 'NY');
    expect(
      (await call(t.url, 'GET', `/api/order/GetDoctorsByOrderId?orderId=${orderId}`, { token }))
        .status,
    ).toBe(401);
    expect((await selectDoctor(token, { orderId, doctorId: 1 })).status).toBe(401);
    const patientOnGuest = await call(t.url, 'PATCH', '/api/v1/guestorders/current/doctor', {
      token: patient.token,
      json: { doctorId: 1 },
    });
    expect(patientOnGuest.status).toBe(403);
    // A fresh guest has no order of its own, whatever other guests have.
    const fresh = await guestToken(t);
    expect(
      (await call(t.url, 'GET', '/api/v1/guestorders/current/getdoctors', { token: fresh })).status,
    ).toBe(404);
    const open = await t.database.db
      .select({ id: doctorSlots.id })
      .from(doctorSlots)
      .where(and(eq(doctorSlots.doctorId, 1), isNull(doctorSlots.heldByOrderId)))
      .limit(1);
    const patch = await call(t.url, 'PATCH', '/api/v1/guestorders/current/doctor', {
      token: fresh,
      json: { doctorId: 1, slotId: open[0]?.id },
    });
    expect(patch.status).toBe(404);
  });
});

/** The NPI check digit: Luhn over the number with the `80840` prefix (CMS). */
function npiIsValid(npi: string): boolean {
  if (!/^\d{10}$/.test(npi)) return false;
  const digits = `80840${npi}`;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
