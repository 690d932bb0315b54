import dayjs from 'dayjs';

/** A stored YYYY-MM-DD date of birth as staff read it (MM/DD/YYYY). */
export function formatBirthDate(value: string | null): string {
  if (!value) return '—';
  const date = dayjs(value, 'YYYY-MM-DD');
  return date.isValid() ? date.format('MM/DD/YYYY') : value;
}

/** An instant in the console user's local time. */
export function formatDateTime(value: string | null): string {
  if (!value) return '—';
  return dayjs(value).format('MM/DD/YYYY h:mm A');
}

export function formatDate(value: string | null): string {
  if (!value) return '—';
  return dayjs(value).format('MM/DD/YYYY');
}

/** (555) 555-0199 for a 10-digit number; anything else as stored. */
export function formatPhone(value: string | null): string {
  if (!value) return '—';
  const digits = value.replace(/\D/g, '');
  const ten = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (ten.length !== 10) return value;
  return `(${ten.slice(0, 3)}) ${ten.slice(3, 6)}-${ten.slice(6)}`;
}
