import { describe, expect, it } from 'vitest';
import { visitActions } from '../../../renderer/features/visits/visit-actions';
import type { VisitData } from '../../../shared/contracts/visits';

const now = new Date('2027-05-04T15:00:00Z');

function visit(overrides: Partial<VisitData>): VisitData {
  return {
    orderId: '6f1c3a52-8a3e-4d8b-9d0e-3a1c2b4d5e6f',
    orderNumber: 'SF-100001',
    status: 'scheduled',
    outcome: null,
    visitType: 1,
    startsAt: '2027-05-04T15:05:00Z',
    endsAt: '2027-05-04T15:35:00Z',
    joinOpensAt: '2027-05-04T14:50:00Z',
    joinClosesAt: '2027-05-04T15:50:00Z',
    doctor: { id: 12, name: 'Dr. Elise Farrell', timeZone: 'America/Los_Angeles' },
    patient: { name: 'Pat Doe', state: 'TX', timeZone: 'America/Chicago' },
    rating: null,
    ...overrides,
  };
}

describe('the visit actions of spec §2', () => {
  it.each([
    ['a video visit whose room is open', {}, ['START VISIT', 'RESCHEDULE VISIT', 'VISIT DETAILS']],
    [
      'a video visit tomorrow',
      { joinOpensAt: '2027-05-05T14:50:00Z', joinClosesAt: '2027-05-05T15:50:00Z' },
      ['RESCHEDULE VISIT', 'VISIT DETAILS'],
    ],
    ['a phone visit whose time has come', { visitType: 2 }, ['RESCHEDULE VISIT', 'VISIT DETAILS']],
    ['a visit in progress', { status: 'in-progress' as const }, ['START VISIT', 'VISIT DETAILS']],
    ['a missed visit', { status: 'missed' as const }, ['SCHEDULE VISIT', 'VISIT DETAILS']],
    ['an ended visit', { status: 'ended' as const }, ['VISIT DETAILS']],
    ['a cancelled visit', { status: 'cancelled' as const }, ['VISIT DETAILS']],
  ])('%s: %j', (_, overrides, labels) => {
    expect(visitActions(visit(overrides), now).map((a) => a.label)).toEqual(labels);
  });

  it('VISIT DETAILS of an ended visit opens the ended-visit page (its rating)', () => {
    const [details] = visitActions(visit({ status: 'ended' }), now);
    expect(details?.href).toBe(
      '/checkout/ended-visit?orderId=6f1c3a52-8a3e-4d8b-9d0e-3a1c2b4d5e6f',
    );
  });
});
