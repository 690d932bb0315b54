import { eq, lt } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { AppConfig } from '../../config';
import type { Database, DbOrTx } from '../../db/client';
import { outbox } from '../../db/schema/platform';
import { madeOnFirstSend, type SmsSender, withRetries } from '../sms/sms-sender';
import { createBodySeal } from './sealed-body';

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
  /** A stored body as text: null when sealed by another process (sealed-body.ts). */
  readBody(stored: string): string | null;
}

/** What a delivered message's body becomes: the secret it carried is not kept. */
export const deliveredBody = '[delivered]';

/** Outbox rows are deleted this long after they were written. */
export const outboxRetentionMs = 7 * 24 * 60 * 60 * 1000;

interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * Every message lands in the outbox table; email also goes out by SMTP when SMTP_URL is set,
 * text messages through the SMS provider when one is configured (Twilio). Without one a
 * message stays in the outbox (and the log says so, without the body).
 */
export function createNotifier(
  database: Database,
  options: { smtpUrl: string | null; mailFrom: string; sms?: SmsSender | null; logger?: Logger },
): Notifier {
  const smtpUrl = options.smtpUrl;
  // The mail library is loaded with the first email (a process that sends none never holds it).
  let transport: Promise<Transporter> | null = null;
  const transportOf = (url: string) =>
    (transport ??= import('nodemailer').then(({ default: mailer }) => mailer.createTransport(url)));
  const seal = createBodySeal();

  async function queue(tx: DbOrTx, message: OutgoingMessage): Promise<number> {
    const [row] = await tx
      .insert(outbox)
      .values({
        channel: message.channel,
        recipient: message.to,
        subject: message.subject,
        body: seal.seal(message.body),
      })
      .returning({ id: outbox.id });
    if (!row) throw new Error('outbox row not written');
    return row.id;
  }

  async function deliver(outboxId: number): Promise<void> {
    const [message] = await database.db.select().from(outbox).where(eq(outbox.id, outboxId));
    if (!message || message.sentAt) return;
    const sms = options.sms ?? null;
    if (message.channel === 'email' ? !smtpUrl : !sms) {
      options.logger?.info({ outboxId, channel: message.channel }, 'message kept in outbox');
      return;
    }
    const text = seal.open(message.body);
    if (text === null) {
      await database.db
        .update(outbox)
        .set({ error: 'sealed by a server process that has ended' })
        .where(eq(outbox.id, outboxId));
      return;
    }
    try {
      if (message.channel === 'sms') await sms?.send(message.recipient, text);
      else if (smtpUrl) {
        await (await transportOf(smtpUrl)).sendMail({
          from: options.mailFrom,
          to: message.recipient,
          subject: message.subject,
          text,
        });
      }
      await database.db
        .update(outbox)
        .set({ sentAt: new Date(), body: deliveredBody })
        .where(eq(outbox.id, outboxId));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await database.db
        .update(outbox)
        .set({ error: reason.slice(0, 500) })
        .where(eq(outbox.id, outboxId));
      options.logger?.warn({ outboxId, channel: message.channel }, 'message delivery failed');
      throw error;
    }
  }

  return {
    queue,
    deliver,
    readBody: (stored) => seal.open(stored),
    async send(message) {
      await deliver(await queue(database.db, message));
    },
  };
}

/** Drops outbox rows past their retention; returns how many. Run it from a periodic job. */
export async function deleteOldOutboxRows(database: Database, now = new Date()): Promise<number> {
  const rows = await database.db
    .delete(outbox)
    .where(lt(outbox.createdAt, new Date(now.getTime() - outboxRetentionMs)))
    .returning({ id: outbox.id });
  return rows.length;
}

/** The notifier the configuration asks for: SMTP and Twilio when their settings are given. */
export function notifierFor(database: Database, config: AppConfig, logger?: Logger): Notifier {
  const twilio = config.twilio;
  const sms = twilio
    ? withRetries(
        madeOnFirstSend(async () => (await import('../sms/twilio-sms')).createTwilioSms(twilio)),
      )
    : null;
  return createNotifier(database, {
    smtpUrl: config.smtpUrl,
    mailFrom: config.mailFrom,
    sms,
    ...(logger ? { logger } : {}),
  });
}
