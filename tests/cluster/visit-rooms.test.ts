import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../api/helpers/http';
import { openRoom } from '../api/helpers/room-client';
import { createUser, demo, tokenFor } from '../api/helpers/users';
import { bookedVisit } from '../api/helpers/visits';
import { type Cluster, startCluster } from './helpers/cluster';

const minute = 60_000;
let cluster: Cluster;
beforeAll(async () => {
  cluster = await startCluster({ replicas: 2 });
});
afterAll(async () => {
  await cluster?.close();
});

describe('a visit room behind nginx, two replicas', () => {
  it('both people meet on one replica; status changes made on either replica reach them', async () => {
    const user = await createUser(cluster);
    const token = await tokenFor(cluster, user.email, user.password);
    const doctorToken = await tokenFor(cluster, demo.doctor.email, demo.doctor.password);
    const visit = await bookedVisit(cluster, user.id, {
      startsAt: new Date(Date.now() + 5 * minute),
    });

    const patient = await openRoom(cluster.url, visit.orderId);
    patient.send({ type: 'join', visitId: visit.orderId, token });
    await patient.next('joined');
    const doctor = await openRoom(cluster.url, visit.orderId);
    doctor.send({ type: 'join', visitId: visit.orderId, token: doctorToken });
    expect((await doctor.next('joined')).peer).not.toBeNull();
    await patient.next('peer-joined');

    // A signal crosses the room (the two sockets are on the same replica).
    doctor.send({
      type: 'signal',
      visitId: visit.orderId,
      data: { description: { type: 'offer', sdp: 'v=0 across' } },
    });
    expect((await patient.next('signal')).data).toEqual({
      description: { type: 'offer', sdp: 'v=0 across' },
    });

    // START on one replica, END on the other: both people hear each change.
    const [a, b] = cluster.replicas;
    if (!a || !b) throw new Error('two replicas expected');
    const base = `/api/staff/visits/${visit.orderId}`;
    expect((await call(a.url, 'POST', `${base}/start`, { token: doctorToken })).status).toBe(200);
    const untilStatus = async (room: typeof patient, status: string) => {
      for (;;) if ((await room.next('visit-status')).status === status) return;
    };
    await untilStatus(patient, 'in-progress');
    await untilStatus(doctor, 'in-progress');
    const ended = await call(b.url, 'POST', `${base}/end`, {
      token: doctorToken,
      json: { outcome: 'approved' },
    });
    expect(ended.status).toBe(200);
    await untilStatus(patient, 'ended');
    await untilStatus(doctor, 'ended');
    patient.close();
    doctor.close();
  });
});
