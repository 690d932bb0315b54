import { isCalendarDay, type StaffOrderSearchField } from '../../../shared/contracts/staff-orders';

/**
 * What a lookup's search text is taken to mean, from its shape. Each part names the database
 * expression it is matched against, written so that an index of migration 0005 serves it.
 */
export interface SearchTerms {
  /** The fields searched (for the audit log: the text itself is patient data and never kept). */
  fields: StaffOrderSearchField[];
  /** A date that cannot exist (13/45/2000): nothing matches. */
  impossible: boolean;
  /** Exact date of birth, YYYY-MM-DD. */
  dateOfBirth?: string;
  /** Substring of lower(email) (trigram index). */
  emailContains?: string;
  /** Substring of lower(first_name || ' ' || last_name) (trigram index). */
  nameContains?: string;
  /** Candidates for the phone's digits (btree on the digits expression): exact matches. */
  phoneDigits?: string[];
  /** Start of the order number, case-insensitive (btree on lower(order_number), 0007). */
  orderNumberPrefix?: string;
  /** Part of the order number (trigram index). */
  orderNumberContains?: string;
}

const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/;
const usDay = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const phoneLike = /^\+?[\d\s().-]+$/;
const orderNumberLike = /^[a-z0-9][a-z0-9-]*$/i;
/** Fewer digits than this are not a whole phone number (but may be part of an order number). */
const MIN_PHONE_DIGITS = 10;

/** The day a date-shaped text names: YYYY-MM-DD, or MM/DD/YYYY as US patients write it. */
function dayOf(text: string): string | null | undefined {
  if (isoDay.test(text)) return isCalendarDay(text) ? text : null;
  const us = usDay.exec(text);
  if (!us) return undefined;
  const [, month = '', day = '', year = ''] = us;
  const iso = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return isCalendarDay(iso) ? iso : null;
}

/**
 * A US number is stored as its 10 digits, sometimes with the country code: both forms match
 * (still exact matches on the indexed expression).
 */
function phoneCandidates(digits: string): string[] {
  if (digits.length === 10) return [digits, `1${digits}`];
  if (digits.length === 11 && digits.startsWith('1')) return [digits, digits.slice(1)];
  return [digits];
}

export function searchTermsOf(raw: string | undefined): SearchTerms | null {
  const text = (raw ?? '').trim().replace(/\s+/g, ' ');
  if (text.length === 0) return null;

  const day = dayOf(text);
  if (day !== undefined) {
    return day === null
      ? { fields: ['dateOfBirth'], impossible: true }
      : { fields: ['dateOfBirth'], impossible: false, dateOfBirth: day };
  }

  const lower = text.toLowerCase();
  if (text.includes('@')) return { fields: ['email'], impossible: false, emailContains: lower };

  if (phoneLike.test(text)) {
    const digits = text.replace(/\D/g, '');
    // A phone number is stored with its 10 digits (11 with the country code): only that many
    // digits can match one, and then nothing else is searched (an OR with another column
    // would keep the planner from using the phone index alone).
    if (digits.length >= MIN_PHONE_DIGITS) {
      return { fields: ['phone'], impossible: false, phoneDigits: phoneCandidates(digits) };
    }
    if (digits.length > 0 && /^\d+$/.test(text)) {
      return { fields: ['orderNumber'], impossible: false, orderNumberContains: digits };
    }
  }

  // Letters and digits with no space (SF-100123, sf-1001): an order number, by its start.
  if (orderNumberLike.test(text) && /\d/.test(text)) {
    return { fields: ['orderNumber'], impossible: false, orderNumberPrefix: text };
  }

  return {
    fields: ['name', 'email'],
    impossible: false,
    nameContains: lower,
    emailContains: lower,
  };
}

/** A LIKE pattern that matches the text literally (its %, _ and \ escaped). */
export function likeEscape(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
