import { desc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../server/db/schema/platform';
import { deleteOldOutboxRows, deliveredBody } from '../../server/integrations/notifier/notifier';
import { createBodySeal } from '../../server/integrations/notifier/sealed-body';
import { call } from './helpers/http';
import { type SmtpSink, startSmtpSink } from './helpers/smtp-sink';
import { startTestApp, type TestApp } from './helpers/test-app';
import { createUser } from './helpers/users';

/** Undoes quoted-printable (soft line breaks and =XX), the one encoding nodemailer uses for our text. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

let sink: SmtpSink;
let t: TestApp;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await startTestApp({ smtpUrl: `smtp://127.0.0.1:${sink.port}` });
});
afterAll(async () => {
  await t.close();
  await sink.stop();
});

describe('email over SMTP', () => {
  it('delivers a reset link to a real SMTP server and marks the outbox row sent', async () => {
    const to = 'patient@demo.test';
    const res = await call(t.url, 'POST', '/api/auth/ResetPasswordEmail', {
      json: { email: to },
      apiKey: t.config.apiKey,
    });
    expect(res.status).toBe(200);

    // The answer comes after the SMTP transaction has finished; the sink reports it from its
    // own process, so wait for its line.
    const message = await sink.waitFor(to);
    expect(sink.received.filter((m) => m.to.includes(to))).toHaveLength(1);
    expect(message?.from).toBe('no-reply@storefront.local');
    const text = decodeQuotedPrintable(message?.raw ?? '');
    expect(text).toMatch(/^Subject: Reset your password\r?$/m);
    const link = new RegExp(`${t.config.publicUrl}/reset-password\\?token=[A-Za-z0-9_-]{43}`);
    expect(text).toMatch(link);

    const [row] = await t.database.db
      .select()
      .from(outbox)
      .where(sql`lower(${outbox.recipient}) = ${to}`)
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(row?.sentAt).toBeInstanceOf(Date);
    expect(row?.error).toBeNull();
    // Once delivered, the link is not kept: the row says it went, not what it said.
    expect(row?.body).toBe(deliveredBody);
  });

  it('keeps an undelivered body sealed: the table holds no link, and another process cannot open it', async () => {
    const user = await createUser(t);
    await sink.stop(); // delivery fails: the message stays in the outbox
    const res = await call(t.url, 'POST', '/api/auth/ResetPasswordEmail', {
      json: { email: user.email },
      apiKey: t.config.apiKey,
    });
    expect(res.status).toBe(200);
    sink = await startSmtpSink();
    const [row] = await t.database.db
      .select()
      .from(outbox)
      .where(sql`lower(${outbox.recipient}) = lower(${user.email})`)
      .orderBy(desc(outbox.id))
      .limit(1);
    expect(row?.sentAt).toBeNull();
    expect(row?.body).toMatch(/^sealed:v1:/);
    expect(row?.body).not.toContain('reset-password');
    // This process can still show it (dev outbox); a process with another key cannot.
    expect(t.deps.notifier.readBody(row?.body ?? '')).toContain('/reset-password?token=');
    expect(createBodySeal().open(row?.body ?? '')).toBeNull();
    const dev = await call(t.url, 'GET', `/api/dev/outbox?to=${encodeURIComponent(user.email)}`);
    expect(dev.body.Data[0].body).toContain('/reset-password?token=');
  });

  it('drops outbox rows after 7 days', async () => {
    const [old] = await t.database.db
      .insert(outbox)
      .values({
        channel: 'email',
        recipient: 'old@example.test',
        subject: 'old',
        body: deliveredBody,
        createdAt: new Date(Date.now() - 8 * 24 * 60 * 60 * 1000),
      })
      .returning({ id: outbox.id });
    expect(await deleteOldOutboxRows(t.database)).toBeGreaterThanOrEqual(1);
    const left = await t.database.db.select().from(outbox).where(sql`${outbox.id} = ${old?.id}`);
    expect(left).toEqual([]);
  });
});
