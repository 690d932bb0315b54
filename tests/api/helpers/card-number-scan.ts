function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/**
 * Every Luhn-valid run of 13 to 19 digits in a text (SECURITY "Payments": none may be stored).
 * Only runs that stand alone count: digits inside a longer token of letters and digits (a
 * SHA-256 in hex, a key) are not a card number, and a random hex digest held a Luhn-valid run
 * about once in 65, which made the scans fail now and then.
 */
export function cardNumberLikeRuns(text: string): string[] {
  const found: string[] = [];
  for (const run of text.match(/(?<![0-9A-Za-z])\d{13,}(?![0-9A-Za-z])/g) ?? []) {
    for (let length = 13; length <= 19; length += 1) {
      for (let start = 0; start + length <= run.length; start += 1) {
        const candidate = run.slice(start, start + length);
        if (luhnValid(candidate)) found.push(candidate);
      }
    }
  }
  return found;
}
