import { messages } from '../../../shared/errors/messages';

/** The texts of the account emails about passwords (plain text: no markup to escape). */

export function resetLinkEmail(link: string) {
  return {
    subject: 'Reset your password',
    body: [
      'We received a request to reset the password of your account.',
      '',
      'To choose a new password, open this link within 1 hour:',
      link,
      '',
      'The link works once. If you did not ask for it, you can ignore this email: your password stays the same.',
    ].join('\n'),
  };
}

/** Sent after every credential change (ASVS 5.0 §6.3.7). */
export function passwordChangedEmail() {
  return {
    subject: 'Your password was changed',
    body: [
      'The password of your account was just changed, and every device signed in to it was signed out.',
      '',
      `If you did not do this, reset your password now. ${messages.contactSupport}`,
    ].join('\n'),
  };
}
