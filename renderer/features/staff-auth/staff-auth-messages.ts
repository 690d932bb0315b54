import { messages } from '../../../shared/errors/messages';

/**
 * The console's own wording around staff sign-in (the spec words only the patient apps; its
 * sign-in messages come from shared/errors and shared/validation).
 */
export const staffAuthMessages = {
  staffOnly: 'This console is for staff accounts.',
  sessionEnded: messages.sessionEnded,
  signedOutIdle: 'You were signed out after 15 minutes without activity. Please sign in again.',
  idleWarningTitle: 'Are you still there?',
  idleWarning: 'You will be signed out in 60 seconds',
  staySignedIn: 'Stay signed in',
  noServer: 'Set the address of the storefront server in Settings before you sign in.',
} as const;
