/** The storefront seeded on first run: id 132 (spec §9), its settings, theme, taxes, consents. */
export const seedStorefront = {
  id: 132,
  name: 'Evergreen Health',
  phone: '(888) 555-0132',
  email: 'care@evergreenhealth.example',
  theme: {
    storeFrontName: 'Evergreen Health',
    colors: { primary: '#1e4d3a', secondary: '#ffffff' },
  },
  applicationSettings: {
    PharmacyChoice: true,
    HideBMI: false,
    ShowPreQuestionnairePage: true,
    ShowPreShippingPage: true,
    ShowPreDoctorConfirmationPage: true,
    ShowPreSchedulingPage: true,
    ShowGreetingPage: false,
    ShowPrePaymentPage: true,
  },
  taxSettings: {
    isSalesTaxEnabled: true,
    /** Sales tax by shipping state, in basis points (725 = 7.25 %). */
    rateBasisPointsByState: {
      CA: 725,
      NY: 400,
      TX: 625,
      IL: 625,
      WA: 650,
      FL: 600,
      PA: 600,
      NJ: 663,
    },
    taxShipping: false,
  },
};

export const seedConsents = [
  {
    id: 'telehealth',
    title: 'Consent to telehealth',
    body: 'I agree to receive care from a licensed provider through a video, phone or asynchronous visit, and I understand its benefits and limits.',
    sortOrder: 1,
    required: true,
  },
  {
    id: 'privacy',
    title: 'Notice of privacy practices',
    body: 'I have read the notice of privacy practices, which explains how my health information is used and protected.',
    sortOrder: 2,
    required: true,
  },
  {
    id: 'terms',
    title: 'Terms of use',
    body: 'I agree to the terms of use of this storefront, including its refund and shipping policies.',
    sortOrder: 3,
    required: true,
  },
  {
    id: 'marketing',
    title: 'Offers and reminders',
    body: 'Send me refill reminders and occasional offers by email or text. I can stop them at any time.',
    sortOrder: 4,
    required: false,
  },
];

/** Demo accounts: development and test only, never in production. Listed in the README. */
/**
 * The seeded doctor the demo doctor account is: a California-licensed clinician, so that a
 * demo purchase shipped to California can book them.
 */
export const demoDoctorId = 12;

export const demoAccounts = [
  {
    role: 'patient',
    email: 'patient@demo.test',
    password: 'Patient#2026',
    firstName: 'Pat',
    lastName: 'Rivera',
    phone: '5555550101',
  },
  {
    role: 'agent',
    email: 'agent@demo.test',
    password: 'Agent#2026!',
    firstName: 'Alex',
    lastName: 'Morgan',
    phone: '5555550102',
  },
  {
    role: 'ecp',
    email: 'ecp@demo.test',
    password: 'Optometry#2026',
    firstName: 'Erin',
    lastName: 'Chow',
    phone: '5555550103',
    practiceName: 'Clearview Eye Care',
    npi: '1528460037',
  },
  {
    // Signs in as the seeded doctor `demoDoctorId` and takes that doctor's name (seed.ts).
    role: 'doctor',
    email: 'doctor@demo.test',
    password: 'Doctor#2026!',
    firstName: 'Demo',
    lastName: 'Doctor',
    phone: '5555550105',
  },
  {
    role: 'admin',
    email: 'admin@demo.test',
    password: 'Admin#2026!',
    firstName: 'Ada',
    lastName: 'Stone',
    phone: '5555550104',
  },
] as const;
