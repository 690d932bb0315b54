import { StageBit } from '../../../shared/checkout/stage-bits';

const rxStages =
  StageBit.Consult | StageBit.Shipping | StageBit.Pharmacy | StageBit.Scheduling | StageBit.Payment;
const otcStages = StageBit.Shipping | StageBit.Payment;

const allStates =
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(
    ' ',
  );
const except = (...states: string[]) => allStates.filter((s) => !states.includes(s));

/** The catalog of storefront 132: prescription products with a consult, and OTC products. */
export const seedProducts = [
  {
    sku: 'RX-LATANOPROST',
    title: 'Latanoprost 0.005% eye drops',
    displayName: 'Latanoprost eye drops',
    description:
      'Prescription drops that lower eye pressure in glaucoma and ocular hypertension. One 2.5 mL bottle lasts about a month.',
    type: 'rx' as const,
    priceCents: 2800,
    consultFeeCents: 4500,
    visitType: 1,
    qtyRange: [1, 2, 3],
    defaultQuantity: 1,
    thumbnail: '/images/products/latanoprost.svg',
    shippableStates: allStates,
    questionnaireKey: 'eye-health',
    refillIntervalDays: 30,
  },
  {
    sku: 'RX-WEIGHT-CARE',
    title: 'Weight care program (monthly)',
    displayName: 'Weight care program',
    description:
      'A clinician-led weight care plan with a video visit, prescription medication when appropriate, and monthly check-ins.',
    type: 'rx' as const,
    priceCents: 29900,
    consultFeeCents: 7900,
    visitType: 1,
    qtyRange: [1],
    defaultQuantity: 1,
    thumbnail: '/images/products/weight-care.svg',
    shippableStates: except('AK', 'HI', 'LA'),
    questionnaireKey: 'weight-care',
    refillIntervalDays: 30,
  },
  {
    sku: 'RX-VALACYCLOVIR',
    title: 'Valacyclovir 1 g, 30 tablets',
    displayName: 'Valacyclovir',
    description:
      'Antiviral treatment for cold sores and outbreaks, prescribed after a phone visit.',
    type: 'rx' as const,
    priceCents: 3200,
    consultFeeCents: 3500,
    visitType: 2,
    qtyRange: [1, 2],
    defaultQuantity: 1,
    thumbnail: null,
    shippableStates: allStates,
    questionnaireKey: 'general-health',
    refillIntervalDays: 90,
  },
  {
    sku: 'RX-SUMATRIPTAN',
    title: 'Sumatriptan 50 mg, 9 tablets',
    displayName: 'Sumatriptan',
    description: 'Migraine relief, prescribed after a phone visit with a licensed provider.',
    type: 'rx' as const,
    priceCents: 2400,
    consultFeeCents: 3500,
    visitType: 2,
    qtyRange: [1, 2, 3],
    defaultQuantity: 1,
    thumbnail: '/images/products/sumatriptan.svg',
    shippableStates: allStates,
    questionnaireKey: 'general-health',
    refillIntervalDays: 30,
  },
  {
    sku: 'RX-FINASTERIDE',
    title: 'Finasteride 1 mg, 30 tablets',
    displayName: 'Finasteride',
    description:
      'Daily treatment for hair loss. A doctor reviews your answers and confirms the prescription without a live visit.',
    type: 'rx' as const,
    priceCents: 2500,
    consultFeeCents: 3500,
    visitType: 3,
    qtyRange: [1, 3, 6],
    defaultQuantity: 3,
    thumbnail: '/images/products/finasteride.svg',
    shippableStates: allStates,
    questionnaireKey: 'general-health',
    refillIntervalDays: 30,
  },
  {
    sku: 'RX-TRETINOIN',
    title: 'Tretinoin 0.05% cream, 20 g',
    displayName: 'Tretinoin cream',
    description:
      'Prescription retinoid for acne and fine lines, confirmed by a doctor after reviewing your answers.',
    type: 'rx' as const,
    priceCents: 4500,
    consultFeeCents: 3900,
    visitType: 3,
    qtyRange: [1, 2],
    defaultQuantity: 1,
    thumbnail: null,
    shippableStates: except('MS'),
    questionnaireKey: 'general-health',
    refillIntervalDays: 60,
  },
  {
    sku: 'OTC-EYE-DROPS',
    title: 'Preservative-free lubricating eye drops, 30 vials',
    displayName: 'Lubricating eye drops',
    description: 'Soothing single-use drops for dry, tired eyes. Safe with contact lenses.',
    type: 'otc' as const,
    priceCents: 1499,
    consultFeeCents: 0,
    visitType: null,
    qtyRange: [1, 2, 3, 4],
    defaultQuantity: 1,
    thumbnail: '/images/products/eye-drops.svg',
    shippableStates: allStates,
    questionnaireKey: null,
    refillIntervalDays: 30,
  },
  {
    sku: 'OTC-VITAMIN-D3',
    title: 'Vitamin D3 2000 IU, 90 softgels',
    displayName: 'Vitamin D3',
    description: 'A three-month supply of daily vitamin D3.',
    type: 'otc' as const,
    priceCents: 1149,
    consultFeeCents: 0,
    visitType: null,
    qtyRange: [1, 2],
    defaultQuantity: 1,
    thumbnail: null,
    shippableStates: allStates,
    questionnaireKey: null,
    refillIntervalDays: 90,
  },
  {
    sku: 'OTC-READERS',
    title: 'Blue-light reading glasses',
    displayName: 'Reading glasses',
    description: 'Lightweight readers with a blue-light filter, +1.50 strength.',
    type: 'otc' as const,
    priceCents: 2900,
    consultFeeCents: 0,
    visitType: null,
    qtyRange: [1, 2, 3],
    defaultQuantity: 1,
    thumbnail: '/images/products/readers.svg',
    shippableStates: allStates,
    questionnaireKey: null,
    refillIntervalDays: null,
  },
  {
    sku: 'OTC-CETIRIZINE',
    title: 'Allergy relief, cetirizine 10 mg, 45 tablets',
    displayName: 'Allergy relief',
    description: '24-hour relief from sneezing, runny nose and itchy eyes.',
    type: 'otc' as const,
    priceCents: 1299,
    consultFeeCents: 0,
    visitType: null,
    qtyRange: [1, 2],
    defaultQuantity: 1,
    thumbnail: '/images/products/allergy.svg',
    shippableStates: allStates,
    questionnaireKey: null,
    refillIntervalDays: 45,
  },
].map((product, index) => ({
  ...product,
  isConsultRequired: product.type === 'rx',
  requiredStages: product.type === 'rx' ? rxStages : otcStages,
  sortOrder: index + 1,
}));

/** The medication list of the medication search (spec §9): common generic names. */
export const seedMedications =
  `Acetaminophen Albuterol Alendronate Allopurinol Alprazolam Amitriptyline Amlodipine
Amoxicillin Anastrozole Apixaban Aripiprazole Atenolol Atorvastatin Azithromycin Baclofen Benazepril
Bimatoprost Brimonidine Bupropion Buspirone Carvedilol Cefdinir Celecoxib Cephalexin Cetirizine
Ciprofloxacin Citalopram Clonazepam Clonidine Clopidogrel Cyclobenzaprine Dexamethasone Diazepam
Diclofenac Dicyclomine Digoxin Diltiazem Donepezil Dorzolamide Doxycycline Duloxetine Empagliflozin
Enalapril Escitalopram Esomeprazole Estradiol Ezetimibe Famotidine Fenofibrate Finasteride Fluconazole
Fluoxetine Fluticasone Folic-acid Furosemide Gabapentin Glimepiride Glipizide Hydralazine
Hydrochlorothiazide Hydrocodone Hydroxychloroquine Hydroxyzine Ibuprofen Insulin-glargine Irbesartan
Isosorbide Ketorolac Lamotrigine Lansoprazole Latanoprost Levetiracetam Levofloxacin Levothyroxine
Lisinopril Lithium Loratadine Lorazepam Losartan Lovastatin Meloxicam Metformin Methocarbamol
Methotrexate Methylphenidate Methylprednisolone Metoclopramide Metoprolol Metronidazole Mirtazapine
Montelukast Naproxen Nitrofurantoin Nitroglycerin Olmesartan Omeprazole Ondansetron Oxybutynin
Oxycodone Pantoprazole Paroxetine Pioglitazone Pravastatin Prednisolone Prednisone Pregabalin
Propranolol Quetiapine Ramipril Ranolazine Risperidone Rivaroxaban Rosuvastatin Semaglutide Sertraline
Sildenafil Simvastatin Sitagliptin Spironolactone Sumatriptan Tamsulosin Timolol Tizanidine Topiramate
Tramadol Trazodone Tretinoin Triamcinolone Valacyclovir Valsartan Venlafaxine Verapamil Warfarin
Zolpidem`
    .split(/\s+/)
    .filter(Boolean)
    .map((name) => name.replace('-', ' '));
