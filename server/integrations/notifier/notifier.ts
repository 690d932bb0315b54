import { eq } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Database, DbOrTx } from '../../db/client';
import { outbox } from '../../db/schema/platform';

export interface OutgoingMessage {
  channel: 'email' | 'sms';
  to: string;
  subject: string;
  body: string;
}

export interface Notifier {
  /** Records the message in the outbox and delivers it where a transport is configured. */
  send(message: OutgoingMessage): Promise<void>;
  /**
   * Records the message in the outbox inside the caller's transaction (it exists exactly when
   * what it tells of was committed); `deliver` it after the commit.
   */
  queue(tx: DbOrTx, message: OutgoingMessage): Promise<number>;
  /** Delivers a queued message where a transport is configured. */
  deliver(outboxId: number): Promise<void>;
}

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * Every message lands in the outbox table; email also goes out by SMTP when SMTP_URL is set.
 * SMS has no provider here: it stays in the outbox (and the log says so, without the body).
 */
export function createNotifier(
  database: Database,
  options: { smtpUrl: string | null; mailFrom: string; logger?: Logger },
): Notifier {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;

  async function queue(tx: DbOrTx, message: OutgoingMessage): Promise<number> {
    const [row] = await tx
      .insert(outbox)
      .values({
        channel: message.channel,
        recipient: message.to,
        subject: message.subject,
        body: message.body,
      })
      .returning({ id: outbox.id });
    if (!row) throw new Error('outbox row not written');
    return row.id;
  }

  async function deliver(outboxId: number): Promise<void> {
    const [message] = await database.db.select().from(outbox).where(eq(outbox.id, outboxId));
    if (!message || message.sentAt) return;
    if (message.channel !== 'email' || !transport) {
      options.logger?.info({ outboxId, channel: message.channel }, 'message kept in outbox');
      return;
    }
    try {
      await transport.sendMail({
        from: options.mailFrom,
        to: message.recipient,
        subject: message.subject,
        text: message.body,
      });
      await database.db.update(outbox).set({ sentAt: new Date() }).where(eq(outbox.id, outboxId));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await database.db
        .update(outbox)
        .set({ error: reason.slice(0, 500) })
        .where(eq(outbox.id, outboxId));
      options.logger?.warn({ outboxId }, 'email delivery failed');
      throw error;
    }
  }

  return {
    queue,
    deliver,
    async send(message) {
      await deliver(await queue(database.db, message));
    },
  };
}
