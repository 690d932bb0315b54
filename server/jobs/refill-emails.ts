import type { AppDeps } from '../deps';
import type { OutgoingMessage } from '../integrations/notifier/notifier';

const day = (date: Date) => date.toISOString().slice(0, 10);

/** To the patient when the card of an auto-refill was declined: the refill is skipped. */
export function refillDeclinedEmail(input: {
  to: string;
  productName: string;
  reason: string;
  nextRunAt: Date;
}): OutgoingMessage {
  return {
    channel: 'email',
    to: input.to,
    subject: `We could not charge your card for your refill of ${input.productName}`,
    body: [
      `We tried to place your automatic refill of ${input.productName}, but your card was not charged: ${input.reason}`,
      '',
      `This refill was skipped. Your next refill is planned for ${day(input.nextRunAt)}.`,
      'To receive it, please update your card under Payment methods in your account, or turn auto-refill off.',
    ].join('\n'),
  };
}

/** To the patient when a refill could not be placed for another reason (no card, no address...). */
export function refillFailedEmail(input: {
  to: string;
  productName: string;
  reason: string;
  nextRunAt: Date;
}): OutgoingMessage {
  return {
    channel: 'email',
    to: input.to,
    subject: `We could not place your refill of ${input.productName}`,
    body: [
      `We could not place your automatic refill of ${input.productName}: ${input.reason}`,
      '',
      `This refill was skipped. Your next refill is planned for ${day(input.nextRunAt)}.`,
      'Please check your auto-refill settings in your account.',
    ].join('\n'),
  };
}

/** Sends after the commit; a mail that cannot go out now stays in the outbox, the run stands. */
export async function sendQuietly(deps: AppDeps, message: OutgoingMessage): Promise<void> {
  await deps.notifier.send(message).catch(() => undefined);
}
