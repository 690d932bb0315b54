import { maskEmail } from '../registration/mask-email';

/** ***-***-0199: the last four digits, enough for the agent to read back to the patient. */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `***-***-${digits.slice(-4)}`;
}

export function maskContact(channel: 'sms' | 'email', to: string): string {
  return channel === 'sms' ? maskPhone(to) : maskEmail(to);
}
