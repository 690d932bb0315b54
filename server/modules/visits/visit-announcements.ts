import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { VisitData } from '../../../shared/contracts/visits';
import type { Database } from '../../db/client';
import type { Unsubscribe } from '../../db/notifications';
import type { VisitRooms } from './visit-rooms';

const channel = 'visit_status';

const announcement = z.object({
  visitId: z.string(),
  status: z.string(),
  outcome: z.string().nullable(),
});

interface Log {
  warn(obj: object, msg: string): void;
}

/**
 * Tells every server that a visit's status changed (after the change committed), so that the
 * server holding its room tells the two people in it. A lost announcement is not fatal: the
 * patient's page also reads the visit's status every 30 s.
 */
export async function announceVisitStatus(database: Database, visit: VisitData, log?: Log) {
  const payload = JSON.stringify({
    visitId: visit.orderId,
    status: visit.status,
    outcome: visit.outcome,
  });
  await database.db
    .execute(sql`select pg_notify(${channel}, ${payload})`)
    .catch((error: unknown) => {
      log?.warn({ err: error, orderId: visit.orderId }, 'visit status not announced');
    });
}

/** Passes every visit status announcement to the rooms this server holds. */
export function hearVisitStatus(
  database: Database,
  rooms: VisitRooms,
  log: Log,
): Promise<Unsubscribe> {
  return database.subscribe(channel, {
    message(payload) {
      const parsed = announcement.safeParse(safeJson(payload));
      if (!parsed.success) return;
      const { visitId, status, outcome } = parsed.data;
      rooms.announce(visitId, { type: 'visit-status', status, outcome });
    },
    down: () => log.warn({ channel }, 'visit status announcements interrupted'),
    up: () => undefined,
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
