import { and, count, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema/identity';
import { auditLog } from '../../server/db/schema/platform';
import { call } from './helpers/http';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createUser, demo, tokenFor } from './helpers/users';

const auditPath = '/api/staff/audit';

let t: TestApp;
let adminToken: string;
let agentToken: string;
let agentId: string;
let patientToken: string;
let ecpToken: string;
let patientId: string;

interface Entry {
  id: string;
  at: string;
  actorId: string | null;
  actorName: string | null;
  actorRole: string | null;
  action: string;
  subject: string | null;
  outcome: string;
  ip: string | null;
  requestId: string | null;
  detail: Record<string, unknown> | null;
}

const audit = (query = '', token: string | null = adminToken) =>
  call(t.url, 'GET', `${auditPath}${query}`, { token });

const items = (res: { body: { Data: { items: Entry[] } } }) => res.body.Data.items;

beforeAll(async () => {
  t = await startTestApp();
  adminToken = await tokenFor(t, demo.admin.email, demo.admin.password);
  // A fresh agent, so that its entries are only this file's.
  const agent = await createUser(t, { role: 'agent' });
  agentId = agent.id;
  agentToken = await tokenFor(t, agent.email, agent.password);
  patientToken = await tokenFor(t, demo.patient.email, demo.patient.password);
  ecpToken = await tokenFor(t, demo.ecp.email, demo.ecp.password);
  patientId = (await createUser(t)).id;
  // What the agent does: a few searches and one patient view.
  for (let i = 0; i < 5; i += 1) {
    await call(t.url, 'GET', `/api/staff/patients?q=nobody${i}`, { token: agentToken });
  }
  await call(t.url, 'GET', `/api/staff/patients/${patientId}`, { token: agentToken });
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/staff/audit', () => {
  it("lists an actor's entries newest first with who, what, when and from where", async () => {
    const res = await audit(`?actorId=${agentId}`);
    expect(res.status).toBe(200);
    const entries = items(res);
    const actions = entries.map((e) => e.action);
    // Newest first: the view came last. The sign-in is the agent's too.
    expect(actions.slice(0, 6)).toEqual([
      'staff.patients.view',
      ...Array(5).fill('staff.patients.search'),
    ]);
    expect(entries[0]).toMatchObject({
      actorId: agentId,
      actorName: 'Test Person',
      actorRole: 'agent',
      subject: patientId,
      outcome: 'success',
      ip: expect.any(String),
      requestId: expect.any(String),
    });
    expect(Number.isNaN(Date.parse(entries[0]?.at ?? ''))).toBe(false);
    const ids = entries.map((e) => Number(e.id));
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(entries.every((e) => e.actorId === agentId)).toBe(true);
  });

  it('filters by action prefix and by subject', async () => {
    const searches = await audit(`?actorId=${agentId}&action=staff.patients.sea`);
    expect(items(searches)).toHaveLength(5);
    expect(items(searches).every((e) => e.action === 'staff.patients.search')).toBe(true);
    const prefix = await audit(`?actorId=${agentId}&action=staff.patients`);
    expect(items(prefix)).toHaveLength(6);
    const bySubject = await audit(`?subject=${patientId}`);
    expect(items(bySubject).map((e) => e.action)).toEqual(['staff.patients.view']);
    // LIKE wildcards are plain characters in the prefix.
    expect(items(await audit('?action=%25'))).toEqual([]);
    expect(items(await audit('?action=_'))).toEqual([]);
  });

  it('filters by time: from (inclusive) and to (exclusive)', async () => {
    const all = items(await audit(`?actorId=${agentId}`));
    const oldest = all.at(-1);
    const newest = all[0];
    if (!oldest || !newest) throw new Error('no entries');
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect(items(await audit(`?actorId=${agentId}&from=${future}`))).toEqual([]);
    expect(items(await audit(`?actorId=${agentId}&to=${oldest.at}`))).toEqual([]);
    const fromNewest = items(await audit(`?actorId=${agentId}&from=${newest.at}`));
    expect(fromNewest.map((e) => e.id)).toContain(newest.id);
    const offset = encodeURIComponent('+00:00');
    const window = await audit(
      `?actorId=${agentId}&from=${oldest.at.replace('Z', offset)}&to=${future}`,
    );
    expect(items(window)).toHaveLength(all.length);
  });

  it('walks every page with the keyset cursor, each entry once', async () => {
    const [total] = await t.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.actorId, agentId), like(auditLog.action, 'staff.%')));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const res = await audit(
        `?actorId=${agentId}&action=staff.&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.status).toBe(200);
      seen.push(...items(res).map((e) => e.id));
      cursor = res.body.Data.nextCursor;
      pages += 1;
    } while (cursor && pages < 20);
    expect(seen).toHaveLength(total?.n ?? -1);
    expect(new Set(seen).size).toBe(seen.length);
    expect(pages).toBe(Math.ceil(seen.length / 2));
  });

  it('records who read the log, with the filters but not their values', async () => {
    await audit(`?subject=${patientId}`);
    const [admin] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, demo.admin.email));
    const res = await audit(`?actorId=${admin?.id}&action=staff.audit.read&limit=1`);
    expect(items(res)[0]).toMatchObject({ actorRole: 'admin', action: 'staff.audit.read' });
  });

  it('is for admins only: agents, ECPs and patients get 403, and the denial is logged', async () => {
    expect((await audit('', agentToken)).status).toBe(403);
    expect((await audit('', ecpToken)).status).toBe(403);
    expect((await audit('', patientToken)).status).toBe(403);
    expect((await audit('', null)).status).toBe(401);
    const denied = items(await audit(`?actorId=${agentId}&action=authorization.denied`));
    expect(denied[0]).toMatchObject({
      outcome: 'denied',
      subject: `GET ${auditPath}`,
      actorRole: 'agent',
    });
  });

  it('has no write route: the log is append-only', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const res = await call(t.url, method, auditPath, { token: adminToken, json: {} });
      expect(res.status, method).toBe(404);
    }
    await expect(t.database.db.delete(auditLog)).rejects.toThrow();
  });

  it('refuses bad filters with 400', async () => {
    for (const query of [
      '?actorId=not-a-uuid',
      '?cursor=abc',
      '?cursor=-1',
      '?limit=0',
      '?limit=101',
      '?from=yesterday',
      '?to=2026-13-01T00:00:00Z',
      `?action=${'a'.repeat(101)}`,
      '?unknown=1',
    ]) {
      expect((await audit(query)).status, query).toBe(400);
    }
  });
});
