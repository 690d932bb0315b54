import { linkRoutes, linkTo } from '../../../shared/checkout/routes';
import type { OutgoingMessage } from '../../integrations/notifier/notifier';

/** Where the patient's labs are listed in the web app (sign-in first). */
export function labsLink(publicUrl: string): string {
  return linkTo(publicUrl, linkRoutes.myLabs);
}

/**
 * A new result is in: the message says only that, and where to look. No test, value or
 * doctor is named: an email is not a private channel.
 */
export function labResultsNotice(publicUrl: string, to: string): OutgoingMessage {
  return {
    channel: 'email',
    to,
    subject: 'New results in your health records',
    body: [
      'A new lab result has been added to your health records.',
      `Sign in to see it: ${labsLink(publicUrl)}`,
    ].join('\n'),
  };
}
