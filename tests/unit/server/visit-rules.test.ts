import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatSlotTime } from '../../../renderer/features/scheduling/slot-time';
import { slotTimesFor } from '../../../server/db/seed/slot-generation';
import { iceServersFor } from '../../../server/modules/visits/ice-servers';
import { canMoveVisit } from '../../../server/modules/visits/visit-status';
import { isAboutToStart, roomAccess } from '../../../server/modules/visits/visit-window';
import { timeZoneOfState } from '../../../shared/time/state-time-zones';

const minute = 60_000;
const at = (iso: string) => new Date(iso);

describe('the visit room window', () => {
  const time = { startsAt: at('2027-05-04T15:00:00Z'), endsAt: at('2027-05-04T15:30:00Z') };
  it.each([
    ['scheduled', '2027-05-04T14:44:59Z', 'not-yet'],
    ['scheduled', '2027-05-04T14:45:00Z', 'open'],
    ['waiting', '2027-05-04T15:45:00Z', 'open'],
    ['waiting', '2027-05-04T15:45:01Z', 'over'],
    ['in-progress', '2027-05-04T17:30:00Z', 'open'],
    ['in-progress', '2027-05-04T17:30:01Z', 'over'],
    ['ended', '2027-05-04T15:10:00Z', 'over'],
    ['missed', '2027-05-04T15:10:00Z', 'over'],
    ['cancelled', '2027-05-04T15:10:00Z', 'over'],
  ] as const)('%s at %s is %s', (status, now, expected) => {
    expect(roomAccess(status, time, at(now))).toBe(expected);
  });

  it('"about to start" is an open room for a visit not yet begun', () => {
    expect(isAboutToStart('scheduled', time, at('2027-05-04T14:50:00Z'))).toBe(true);
    expect(isAboutToStart('in-progress', time, at('2027-05-04T14:50:00Z'))).toBe(false);
    expect(isAboutToStart('scheduled', time, at('2027-05-04T14:40:00Z'))).toBe(false);
  });
});

describe('visit statuses', () => {
  it.each([
    ['scheduled', 'waiting', true],
    ['waiting', 'in-progress', true],
    ['in-progress', 'ended', true],
    ['in-progress', 'scheduled', false],
    ['ended', 'scheduled', false],
    ['missed', 'scheduled', true],
    ['cancelled', 'scheduled', false],
  ] as const)('%s → %s: %s', (from, to, allowed) => {
    expect(canMoveVisit(from, to)).toBe(allowed);
  });
});

describe('ICE servers', () => {
  const ice = {
    stunUrls: ['stun:stun.example.test:3478'],
    turnUrls: ['turn:turn.example.test:3478', 'turns:turn.example.test:5349'],
    turnSecret: 'a-shared-turn-secret',
    turnTtlSeconds: 600,
  };

  it('TURN credentials in the coturn REST format: expiry:who, HMAC-SHA1 base64', () => {
    const now = at('2027-01-01T00:00:00Z');
    const [stun, turn] = iceServersFor(ice, 'user-1', now);
    expect(stun).toEqual({ urls: ice.stunUrls });
    const expiry = now.getTime() / 1000 + 600;
    expect(turn?.username).toBe(`${expiry}:user-1`);
    expect(turn?.credential).toBe(
      createHmac('sha1', ice.turnSecret).update(`${expiry}:user-1`).digest('base64'),
    );
  });

  it('no TURN entry without a secret; nothing configured, nothing handed out', () => {
    expect(iceServersFor({ ...ice, turnSecret: null }, 'u')).toEqual([{ urls: ice.stunUrls }]);
    expect(iceServersFor({ ...ice, stunUrls: [], turnUrls: [] }, 'u')).toEqual([]);
  });
});

describe('a visit across the US spring-forward change (2027-03-14)', () => {
  // The doctor works 9:00–17:00 in Los Angeles; the patient lives in Texas.
  const doctorZone = 'America/Los_Angeles';
  const patientZone = timeZoneOfState('TX');
  const slots = slotTimesFor(doctorZone, at('2027-03-11T12:00:00Z'), 7);
  const firstOf = (day: string) =>
    slots.find((s) => formatSlotTime(s.startsAt.toISOString(), doctorZone).includes(day));

  it('keeps the doctor at 9:00 AM on both sides of the change', () => {
    const before = firstOf('Mar 12');
    const after = firstOf('Mar 15');
    expect(before?.startsAt.toISOString()).toBe('2027-03-12T17:00:00.000Z');
    expect(after?.startsAt.toISOString()).toBe('2027-03-15T16:00:00.000Z');
    expect(formatSlotTime(before?.startsAt.toISOString() ?? '', doctorZone)).toBe(
      'Fri, Mar 12, 9:00 AM',
    );
    expect(formatSlotTime(after?.startsAt.toISOString() ?? '', doctorZone)).toBe(
      'Mon, Mar 15, 9:00 AM',
    );
  });

  it('shows the patient in Texas their own wall time: 11:00 AM before and after', () => {
    const before = firstOf('Mar 12')?.startsAt.toISOString() ?? '';
    const after = firstOf('Mar 15')?.startsAt.toISOString() ?? '';
    expect(patientZone).toBe('America/Chicago');
    expect(formatSlotTime(before, patientZone)).toBe('Fri, Mar 12, 11:00 AM');
    expect(formatSlotTime(after, patientZone)).toBe('Mon, Mar 15, 11:00 AM');
    // A patient in Arizona (no DST) sees the hour move instead.
    expect(formatSlotTime(before, timeZoneOfState('AZ'))).toBe('Fri, Mar 12, 10:00 AM');
    expect(formatSlotTime(after, timeZoneOfState('AZ'))).toBe('Mon, Mar 15, 9:00 AM');
  });

  it('the slot length stays 30 minutes across the change', () => {
    for (const slot of slots)
      expect(slot.endsAt.getTime() - slot.startsAt.getTime()).toBe(30 * minute);
  });
});
