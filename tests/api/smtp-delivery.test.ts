import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { desc, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../server/db/schema/platform';
import { call } from './helpers/http';
import { startTestApp, type TestApp } from './helpers/test-app';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** Undoes quoted-printable (soft line breaks and =XX), the one encoding nodemailer uses for our text. */
function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

const received: Received[] = [];
// A real SMTP server on a loopback port: plain SMTP, no TLS and no authentication, as a relay
// inside a private network would be.
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  disableReverseLookup: true,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});

let t: TestApp;
beforeAll(async () => {
  const server = smtp.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  t = await startTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('email over SMTP', () => {
  it('delivers a reset link to a real SMTP server and marks the outbox row sent', async () => {
    const to = 'patient@demo.test';
    const res = await call(t.url, 'POST', '/api/auth/ResetPasswordEmail', {
      json: { email: to },
      apiKey: t.config.apiKey,
    });
    expect(res.status).toBe(200);

    // The answer comes after the SMTP transaction has finished, so the message is here.
    const messages = received.filter((m) => m.to.includes(to));
    expect(messages).toHaveLength(1);
    const message = messages[0];
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
    // The link in the outbox is the one that was mailed.
    expect(text).toContain(link.exec(row?.body ?? '')?.[0] ?? 'missing');
  });
});
