import type { Faker } from '@faker-js/faker';
import { boundingBox, distanceMiles } from '../../lib/geo';
import { type UsZipEntry, usZipCodes, usZipEntry } from '../../lib/us-zip-codes';

/**
 * The pharmacies seeded on first run: names, phones and streets are made up (faker, seeded so
 * every run makes the same ones), but each sits at a REAL US zip code with its city, state and
 * coordinates from the zipcodes package. Half are spread over every state and DC, half cluster
 * around large cities so that a map search there finds several.
 */
export const PHARMACY_SEED = 132;
export const SEEDED_PHARMACY_COUNT = 300;

export interface SeedPharmacy {
  pharmacyName: string;
  npi: string;
  phone: string;
  fax: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  latitude: number;
  longitude: number;
  isInternal: boolean;
}

/** The storefront's own mail-order pharmacy, offered by "accept internal pharmacy". */
export const internalPharmacy = {
  pharmacyName: 'Evergreen Health Mail Pharmacy',
  address: '2150 NW Evergreen Way',
  zip: '97209',
  phone: '8885550132',
  fax: '8885550133',
  npiBase: '154872031',
};

const states =
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(
    ' ',
  );

/** Downtown zip codes of large metro areas; seeded pharmacies cluster within 15 miles of them. */
const metroCentres = [
  '10001',
  '90012',
  '60601',
  '77002',
  '85004',
  '19103',
  '78205',
  '92101',
  '75201',
  '95113',
  '98101',
  '80202',
  '02108',
  '30303',
  '33130',
  '97204',
  '48226',
  '55401',
];
const METRO_RADIUS_MILES = 15;

const chains = [
  'Walgreens',
  'CVS Pharmacy',
  'Rite Aid Pharmacy',
  'Walmart Pharmacy',
  'Kroger Pharmacy',
  'Costco Pharmacy',
  'Safeway Pharmacy',
  'Publix Pharmacy',
];

/**
 * The Luhn check digit of a payload. An NPI's check digit is the Luhn digit of "80840" followed
 * by its first 9 digits (CMS, "NPI check digit").
 */
export function luhnCheckDigit(payload: string): number {
  let sum = 0;
  for (let i = 0; i < payload.length; i++) {
    let digit = Number(payload[payload.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

export const npiOf = (first9: string) => `${first9}${luhnCheckDigit(`80840${first9}`)}`;

export function isValidNpi(npi: string): boolean {
  return /^[0-9]{10}$/.test(npi) && npiOf(npi.slice(0, 9)) === npi;
}

function usZipsWithCoordinates(): UsZipEntry[] {
  const allowed = new Set(states);
  return usZipCodes()
    .filter(
      (z) =>
        allowed.has(z.state) &&
        Number.isFinite(z.latitude) &&
        Number.isFinite(z.longitude) &&
        !(z.latitude === 0 && z.longitude === 0),
    )
    .sort((a, b) => a.zip.localeCompare(b.zip));
}

/** A phone number in the 555-01xx range, which is reserved for fiction: no real pharmacy rings. */
function fictionalPhone(faker: Faker): string {
  const area = `${faker.number.int({ min: 2, max: 9 })}${faker.number.int({ min: 0, max: 8 })}${faker.number.int({ min: 0, max: 9 })}`;
  return `${area}5550${faker.number.int({ min: 100, max: 199 })}`;
}

function pharmacyNameFor(faker: Faker, city: string): string {
  if (faker.number.float() < 0.65) {
    return `${faker.helpers.arrayElement(chains)} #${faker.number.int({ min: 1000, max: 19999 })}`;
  }
  const surname = faker.person.lastName();
  return faker.helpers.arrayElement([
    `${surname} Family Pharmacy`,
    `${surname} Drug`,
    `${city} Apothecary`,
    `${surname} & ${faker.person.lastName()} Pharmacy`,
    `${city} Community Pharmacy`,
  ]);
}

function pharmacyAt(faker: Faker, place: UsZipEntry): SeedPharmacy {
  return {
    pharmacyName: pharmacyNameFor(faker, place.city),
    npi: npiOf(`1${faker.string.numeric(8)}`),
    phone: fictionalPhone(faker),
    fax: fictionalPhone(faker),
    address: faker.location.streetAddress(),
    city: place.city,
    state: place.state,
    zip: place.zip,
    latitude: place.latitude,
    longitude: place.longitude,
    isInternal: false,
  };
}

/** The same pharmacies on every run: the faker instance is seeded here. */
export function generatePharmacies(faker: Faker, total = SEEDED_PHARMACY_COUNT): SeedPharmacy[] {
  faker.seed(PHARMACY_SEED);
  const zips = usZipsWithCoordinates();
  const byState = new Map<string, UsZipEntry[]>();
  for (const z of zips) {
    const list = byState.get(z.state);
    if (list) list.push(z);
    else byState.set(z.state, [z]);
  }
  const nearMetro = metroCentres.map((centre) => {
    const c = usZipEntry(centre);
    if (!c) throw new Error(`metro zip ${centre} missing from the zip codes`);
    const box = boundingBox(c, METRO_RADIUS_MILES);
    return zips.filter(
      (z) =>
        z.latitude >= box.minLatitude &&
        z.latitude <= box.maxLatitude &&
        z.longitude >= box.minLongitude &&
        z.longitude <= box.maxLongitude &&
        distanceMiles(c, z) <= METRO_RADIUS_MILES,
    );
  });

  const spread = Math.ceil(total / 2);
  const result: SeedPharmacy[] = [];
  for (let i = 0; i < total; i++) {
    const pool =
      i < spread
        ? (byState.get(states[i % states.length] ?? '') ?? zips)
        : (nearMetro[(i - spread) % nearMetro.length] ?? zips);
    result.push(pharmacyAt(faker, faker.helpers.arrayElement(pool)));
  }

  const home = usZipEntry(internalPharmacy.zip);
  if (!home) throw new Error('internal pharmacy zip missing from the zip codes');
  result.push({
    pharmacyName: internalPharmacy.pharmacyName,
    npi: npiOf(internalPharmacy.npiBase),
    phone: internalPharmacy.phone,
    fax: internalPharmacy.fax,
    address: internalPharmacy.address,
    city: home.city,
    state: home.state,
    zip: home.zip,
    latitude: home.latitude,
    longitude: home.longitude,
    isInternal: true,
  });
  return result;
}
