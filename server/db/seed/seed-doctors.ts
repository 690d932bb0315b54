import { faker } from '@faker-js/faker';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { DbOrTx } from '../client';
import { doctors } from '../schema/care-network';
import { topUpDoctorSlots } from './slot-generation';

type Sex = 'female' | 'male';

interface DoctorSeed {
  sex: Sex;
  credentials: 'MD' | 'DO' | 'OD' | 'NP';
  specialty: string;
  timeZone: string;
  licensedStates: string[];
  /** `{dr}` becomes "Dr. Lastname". */
  bio: string;
}

/**
 * The care network's clinicians. Each works in their own time zone and is licensed in the
 * states of their region (and a few neighbours), so that every state (and DC) has at least two
 * doctors to choose from: `statesWithFewerThanTwoDoctors` checks it in the tests.
 */
const doctorSeeds: DoctorSeed[] = [
  {
    sex: 'female',
    credentials: 'MD',
    specialty: 'Ophthalmology',
    timeZone: 'America/New_York',
    licensedStates: ['NY', 'NJ', 'CT', 'PA', 'MA', 'RI', 'VT', 'NH', 'ME', 'DE', 'MD', 'DC'],
    bio: '{dr} is a board-certified ophthalmologist who trained at Columbia University Irving Medical Center and completed a glaucoma fellowship at Wills Eye Hospital. She has cared for patients with glaucoma, ocular hypertension and dry eye for fifteen years and believes a clear explanation is part of every treatment plan.',
  },
  {
    sex: 'male',
    credentials: 'OD',
    specialty: 'Optometry',
    timeZone: 'America/New_York',
    licensedStates: ['NY', 'NJ', 'PA', 'OH', 'MI', 'IN', 'KY', 'WV', 'VA', 'NC', 'SC'],
    bio: '{dr} earned his Doctor of Optometry at the SUNY College of Optometry and practised in community eye clinics in Ohio before joining telehealth. He focuses on eye allergies, dry eye disease and red-eye triage, and on helping patients keep up with their drops.',
  },
  {
    sex: 'female',
    credentials: 'DO',
    specialty: 'Family Medicine',
    timeZone: 'America/New_York',
    licensedStates: [
      'FL',
      'GA',
      'SC',
      'NC',
      'VA',
      'MD',
      'DC',
      'DE',
      'MA',
      'CT',
      'RI',
      'ME',
      'NH',
      'VT',
    ],
    bio: '{dr} is a board-certified family physician and a graduate of the Philadelphia College of Osteopathic Medicine. After a decade in primary care in Atlanta she now treats common conditions such as cold sores, migraine and hair loss by video and phone, with a strong interest in preventive care.',
  },
  {
    sex: 'male',
    credentials: 'MD',
    specialty: 'Dermatology',
    timeZone: 'America/New_York',
    licensedStates: ['FL', 'GA', 'OH', 'MI', 'IN', 'KY', 'WV', 'TN', 'AL', 'PA', 'NJ', 'NY'],
    bio: '{dr} is a board-certified dermatologist who completed his residency at the University of Miami. He treats acne, rosacea, hair loss and recurrent skin infections, and has spent the last eight years bringing specialist skin care to patients far from a dermatology clinic.',
  },
  {
    sex: 'female',
    credentials: 'NP',
    specialty: 'Family Medicine',
    timeZone: 'America/Chicago',
    licensedStates: ['TX', 'OK', 'LA', 'AR', 'MS', 'AL', 'TN', 'MO', 'KS', 'NE', 'IA'],
    bio: '{dr} is a board-certified family nurse practitioner with a Doctor of Nursing Practice from Vanderbilt University. She spent nine years in rural clinics across Texas and Oklahoma and now sees patients online for everyday health needs, medication refills and follow-up care.',
  },
  {
    sex: 'male',
    credentials: 'MD',
    specialty: 'Endocrinology',
    timeZone: 'America/Chicago',
    licensedStates: ['IL', 'WI', 'MN', 'IA', 'MO', 'ND', 'SD', 'NE', 'KS', 'OK', 'TX'],
    bio: '{dr} is board-certified in internal medicine and in endocrinology, diabetes and metabolism. He trained at Northwestern University and the Mayo Clinic and leads medical weight care visits, working with each patient on a plan that fits their health history and daily life.',
  },
  {
    sex: 'female',
    credentials: 'MD',
    specialty: 'Ophthalmology',
    timeZone: 'America/Chicago',
    licensedStates: ['IL', 'IN', 'WI', 'MN', 'MI', 'ND', 'SD', 'LA', 'AR', 'MS'],
    bio: '{dr} is a comprehensive ophthalmologist who completed her residency at the University of Iowa. She has treated glaucoma, eye infections and inflammatory eye disease in Chicago for twelve years and teaches residents how to manage eye pressure medications.',
  },
  {
    sex: 'female',
    credentials: 'DO',
    specialty: 'Family Medicine',
    timeZone: 'America/Denver',
    licensedStates: ['CO', 'UT', 'WY', 'MT', 'ID', 'NM', 'NE', 'KS', 'ND', 'SD'],
    bio: "{dr} is a board-certified osteopathic family physician from Rocky Vista University. Having worked in mountain towns where the nearest clinic can be hours away, she values unhurried visits and treats migraine, viral infections and men's and women's health concerns.",
  },
  {
    sex: 'male',
    credentials: 'OD',
    specialty: 'Optometry',
    timeZone: 'America/Denver',
    licensedStates: ['CO', 'NM', 'UT', 'WY', 'MT', 'ID', 'AZ', 'NV', 'OK', 'TX'],
    bio: '{dr} graduated from the Southern California College of Optometry and has practised primary eye care in Denver for over ten years. He manages dry eye, allergic conjunctivitis and glaucoma follow-up, and is fluent in English and Spanish.',
  },
  {
    sex: 'female',
    credentials: 'MD',
    specialty: 'Dermatology',
    timeZone: 'America/Phoenix',
    licensedStates: ['AZ', 'NM', 'NV', 'UT', 'CA', 'CO', 'HI', 'AK'],
    bio: '{dr} is a board-certified dermatologist trained at the University of Arizona. Practising in the Southwest has made sun damage and skin cancer prevention her particular focus; she also treats acne, eczema, hair loss and recurring cold sores.',
  },
  {
    sex: 'male',
    credentials: 'NP',
    specialty: 'Family Medicine',
    timeZone: 'America/Los_Angeles',
    licensedStates: ['CA', 'OR', 'WA', 'NV', 'ID', 'AK', 'HI', 'MT'],
    bio: '{dr} is a family nurse practitioner with a master’s degree from the University of Washington. He has worked in urgent care and telehealth on the West Coast for eight years and treats common infections, migraine and chronic conditions that need regular refills.',
  },
  {
    sex: 'female',
    credentials: 'MD',
    specialty: 'Endocrinology',
    timeZone: 'America/Los_Angeles',
    licensedStates: ['CA', 'OR', 'WA', 'AZ', 'NV', 'HI', 'AK', 'ID', 'UT', 'WY'],
    bio: '{dr} is board-certified in endocrinology and completed her fellowship at the University of California, San Francisco. She helps patients with weight management, thyroid conditions and prediabetes, and believes lasting results come from small, steady changes.',
  },
];

/** Every state code (and DC) a shipping address may carry. */
export const usStateCodes =
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(
    ' ',
  );

/** The doctor rows, with names from faker seeded for repeatability. */
export function seedDoctorRows() {
  faker.seed(4132);
  return doctorSeeds.map((seed, index) => {
    const firstName = faker.person.firstName(seed.sex);
    const lastName = faker.person.lastName();
    const slug = `${firstName}-${lastName}`.toLowerCase().replace(/[^a-z0-9-]/g, '');
    return {
      id: index + 1,
      firstName,
      lastName,
      credentials: seed.credentials,
      specialty: seed.specialty,
      bio: seed.bio.replace('{dr}', `Dr. ${lastName}`),
      photo: `/images/doctors/${slug}.svg`,
      timeZone: seed.timeZone,
      licensedStates: seed.licensedStates,
      npi: npiOf(index + 1),
    };
  });
}

/**
 * A well-formed, made-up NPI for seeded doctor number n: nine digits and the Luhn check digit
 * computed with the `80840` prefix, as CMS defines it.
 */
export function npiOf(n: number): string {
  const base = String(190_000_000 + n * 7_919);
  let sum = 24; // the fixed contribution of the 80840 prefix
  for (let i = 0; i < base.length; i++) {
    let digit = Number(base[base.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return `${base}${(10 - (sum % 10)) % 10}`;
}

/** States (of `usStateCodes`) with fewer than two seeded doctors: must be empty. */
export function statesWithFewerThanTwoDoctors(): string[] {
  return usStateCodes.filter(
    (state) => doctorSeeds.filter((d) => d.licensedStates.includes(state)).length < 2,
  );
}

export async function seedDoctors(db: DbOrTx, _config: AppConfig) {
  // Fixed ids make the insert idempotent even when several processes start at once.
  const rows = seedDoctorRows();
  await db.insert(doctors).values(rows).onConflictDoNothing({ target: doctors.id });
  // Databases seeded before doctors had an NPI get theirs.
  for (const row of rows) {
    await db
      .update(doctors)
      .set({ npi: row.npi })
      .where(and(eq(doctors.id, row.id), isNull(doctors.npi)));
  }
  // Explicit ids do not move the serial: keep it past them for doctors added later.
  await db.execute(
    sql`select setval(pg_get_serial_sequence('doctors', 'id'), (select coalesce(max(id), 1) from doctors))`,
  );
  await topUpDoctorSlots(db);
}
