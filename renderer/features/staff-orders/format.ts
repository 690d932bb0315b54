import dayjs from 'dayjs';
import { formatUsd } from '../../../shared/cart/money';

const dateTimes = new Map<string, string>();

/**
 * An instant as MM/DD/YYYY h:mm A in local time, remembered: the same few thousand values are
 * drawn again and again while a long table scrolls.
 */
function dateTime(value: string | null): string {
  if (!value) return '—';
  let text = dateTimes.get(value);
  if (text === undefined) {
    text = dayjs(value).format('MM/DD/YYYY h:mm A');
    if (dateTimes.size > 50_000) dateTimes.clear();
    dateTimes.set(value, text);
  }
  return text;
}

/** How staff read the lookup's values. Dates are the console user's local time. */
export const show = {
  dateTime,
  /** A stored YYYY-MM-DD as MM/DD/YYYY. */
  day: (value: string | null) => {
    if (!value) return '—';
    const [year, month, day] = value.split('-');
    return year && month && day ? `${month}/${day}/${year}` : value;
  },
  /** (555) 555-0199 for 10 digits (or 11 starting with 1); anything else as stored. */
  phone: (value: string | null) => {
    if (!value) return '—';
    const digits = value.replace(/\D/g, '');
    const ten = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
    if (ten.length !== 10) return value;
    return `(${ten.slice(0, 3)}) ${ten.slice(3, 6)}-${ten.slice(6)}`;
  },
  money: (cents: number) => formatUsd(cents),
  text: (value: string | null | undefined) => (value ? value : '—'),
};

export const visitTypeLabels: Record<number, string> = {
  1: 'Type 1 · scheduled visit',
  2: 'Type 2 · scheduled visit',
  3: 'Type 3 · doctor confirmation',
};

export const sourceLabels: Record<string, string> = {
  web: 'Web',
  phone: 'Phone',
  refill: 'Auto-refill',
  reorder: 'Reorder',
};
