import { assertInteger } from './cents';

const decimalAmount = /^(\d*)(?:\.(\d*))?$/;

function parseDecimal(text: string, original: unknown): number {
  const match = decimalAmount.exec(text);
  const whole = match?.[1] ?? '';
  const fraction = match?.[2] ?? '';
  if (text.startsWith('-')) {
    throw new RangeError(`Money amount must not be negative, got ${JSON.stringify(original)}`);
  }
  if (match === null || (whole === '' && fraction === '')) {
    throw new RangeError(`Not a money amount: ${JSON.stringify(original)}`);
  }
  if (/[1-9]/.test(fraction.slice(2))) {
    throw new RangeError(`Money amount has a fraction of a cent: ${JSON.stringify(original)}`);
  }
  const cents =
    Number(whole === '' ? '0' : whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) {
    throw new RangeError(`Money amount is too large: ${JSON.stringify(original)}`);
  }
  return cents;
}

/**
 * A price in dollars ("12.34", "12", ".5", 12.34) as integer cents, without float error.
 * A number is read as its shortest 15-significant-digit decimal, so 0.1 + 0.2 is 30 cents
 * and 19.99 is 1999. Negative amounts, fractions of a cent ("1.005"), NaN, infinities
 * and non-numeric text throw a RangeError. Surrounding spaces are allowed in text.
 */
export function toCents(price: number | string): number {
  if (typeof price === 'number') {
    if (!Number.isFinite(price) || price < 0) {
      throw new RangeError(`Money amount must be a finite, non-negative number, got ${price}`);
    }
    const shortest = String(Number(price.toPrecision(15)));
    // Exponent notation only appears below 1e-6 (a fraction of a cent) or at 1e21 and up.
    if (shortest.includes('e')) {
      throw new RangeError(`Money amount out of range (below a cent or too large): ${price}`);
    }
    return parseDecimal(shortest, price);
  }
  if (typeof price !== 'string') {
    throw new RangeError(`Money amount must be a number or a string, got ${typeof price}`);
  }
  return parseDecimal(price.trim(), price);
}

/** Integer cents as a two-decimal amount: 0 -> "0.00", 5 -> "0.05", -150 -> "-1.50". */
export function formatMoney(cents: number): string {
  assertInteger(cents, 'cents');
  const sign = cents < 0 ? '-' : '';
  const absolute = Math.abs(cents);
  const whole = Math.trunc(absolute / 100);
  const fraction = String(absolute % 100).padStart(2, '0');
  return `${sign}${whole}.${fraction}`;
}

/** Integer cents in US dollars: 1234 -> "$12.34", -500 -> "-$5.00". */
export function formatUsd(cents: number): string {
  const amount = formatMoney(cents);
  return amount.startsWith('-') ? `-$${amount.slice(1)}` : `$${amount}`;
}
