import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

export interface UsZipEntry {
  zip: string;
  city: string;
  state: string;
  latitude: number;
  longitude: number;
}

const require = createRequire(import.meta.url);

let entries: readonly UsZipEntry[] | null = null;
let byZip: Map<string, UsZipEntry> | null = null;

/**
 * Every US zip code of the zipcodes package's data (Canada's left out), read once, on first
 * use. The package itself, loaded as a module, holds about 100 MB for its object literal and
 * indexes; its data file read as text and parsed entry by entry gives the same entries in a
 * few MB.
 */
export function usZipCodes(): readonly UsZipEntry[] {
  if (entries) return entries;
  const text = readFileSync(require.resolve('zipcodes/lib/codes.js'), 'utf8');
  const codes = text.slice(0, text.indexOf('exports.stateMap'));
  const found: UsZipEntry[] = [];
  for (const match of codes.matchAll(/\{"zip":[^{}]*\}/g)) {
    const entry = JSON.parse(match[0]) as UsZipEntry & { country: string };
    if (entry.country !== 'US') continue;
    found.push({
      zip: entry.zip,
      city: entry.city,
      state: entry.state,
      latitude: entry.latitude,
      longitude: entry.longitude,
    });
  }
  entries = found;
  return found;
}

/** The package's entry for a 5-digit US zip code, or undefined. */
export function usZipEntry(zip: string): UsZipEntry | undefined {
  byZip ??= new Map(usZipCodes().map((entry) => [entry.zip, entry]));
  return byZip.get(zip);
}
