import type { QuestionOption, questionKinds } from '../schema/catalog';

interface SeedQuestion {
  code: string;
  text: string;
  kind: (typeof questionKinds)[number];
  options?: QuestionOption[];
  required?: boolean;
  min?: number;
  max?: number;
}

const yesNo = (disqualifyingYes: boolean): QuestionOption[] => [
  { value: 'yes', label: 'Yes', ...(disqualifyingYes ? { disqualifies: true } : {}) },
  { value: 'no', label: 'No' },
];

const pregnancy: SeedQuestion = {
  code: 'pregnant',
  text: 'Are you pregnant or breastfeeding?',
  kind: 'single',
  options: [
    { value: 'yes', label: 'Yes', disqualifies: true },
    { value: 'no', label: 'No' },
    { value: 'not-applicable', label: 'Not applicable' },
  ],
};

const currentMedications: SeedQuestion = {
  code: 'medications',
  text: 'Which medications, vitamins or supplements do you take?',
  kind: 'medications',
};

const allergies: SeedQuestion = {
  code: 'allergies',
  text: 'Please list any allergies to medications, foods or eye drops.',
  kind: 'text',
  required: false,
};

/** The consult questionnaires of the catalog's products, by questionnaireKey. */
export const questionnaireDefinitions: Record<string, SeedQuestion[]> = {
  'eye-health': [
    {
      code: 'eye-symptoms',
      text: 'Do you have any of these eye symptoms right now?',
      kind: 'multi',
      options: [
        { value: 'sudden-vision-loss', label: 'Sudden loss of vision', disqualifies: true },
        { value: 'severe-pain', label: 'Severe eye pain', disqualifies: true },
        { value: 'redness', label: 'Redness or irritation' },
        { value: 'halos', label: 'Halos around lights' },
        { value: 'none', label: 'None of these' },
      ],
    },
    {
      code: 'eye-surgery',
      text: 'Have you had eye surgery in the last 3 months?',
      kind: 'single',
      options: yesNo(true),
    },
    {
      code: 'glaucoma-diagnosis',
      text: 'Has an eye doctor diagnosed you with glaucoma or high eye pressure?',
      kind: 'single',
      options: [
        { value: 'yes', label: 'Yes' },
        { value: 'no', label: 'No' },
        { value: 'unsure', label: 'I am not sure' },
      ],
    },
    {
      code: 'last-eye-exam',
      text: 'When was your last complete eye exam?',
      kind: 'single',
      options: [
        { value: 'within-1-year', label: 'Within the last year' },
        { value: '1-2-years', label: '1 to 2 years ago' },
        { value: 'over-2-years', label: 'More than 2 years ago' },
        { value: 'never', label: 'Never' },
      ],
    },
    {
      code: 'contact-lenses',
      text: 'Do you wear contact lenses?',
      kind: 'single',
      options: yesNo(false),
    },
    pregnancy,
    allergies,
    currentMedications,
  ],
  'weight-care': [
    { code: 'height', text: 'How tall are you?', kind: 'height', min: 48, max: 96 },
    { code: 'weight', text: 'What is your current weight?', kind: 'weight', min: 70, max: 700 },
    {
      code: 'goal-weight',
      text: 'What is your goal weight, in pounds?',
      kind: 'number',
      required: false,
      min: 70,
      max: 700,
    },
    {
      code: 'thyroid-cancer',
      text: 'Do you have a personal or family history of medullary thyroid cancer or multiple endocrine neoplasia type 2 (MEN2)?',
      kind: 'single',
      options: yesNo(true),
    },
    {
      ...pregnancy,
      text: 'Are you pregnant, breastfeeding or planning a pregnancy in the next 3 months?',
    },
    {
      code: 'conditions',
      text: 'Have you ever had any of these conditions?',
      kind: 'multi',
      options: [
        { value: 'pancreatitis', label: 'Pancreatitis', disqualifies: true },
        { value: 'eating-disorder', label: 'An eating disorder', disqualifies: true },
        { value: 'type-2-diabetes', label: 'Type 2 diabetes' },
        { value: 'high-blood-pressure', label: 'High blood pressure' },
        { value: 'sleep-apnea', label: 'Sleep apnea' },
        { value: 'gallbladder', label: 'Gallbladder disease' },
        { value: 'none', label: 'None of these' },
      ],
    },
    {
      code: 'previous-treatment',
      text: 'Have you taken a prescription weight-loss medication before?',
      kind: 'single',
      options: yesNo(false),
    },
    currentMedications,
  ],
  'general-health': [
    {
      code: 'reason',
      text: 'What would you like the doctor to help you with today?',
      kind: 'text',
    },
    {
      code: 'symptom-days',
      text: 'On how many days in the last month did you have symptoms?',
      kind: 'number',
      required: false,
      min: 0,
      max: 31,
    },
    {
      code: 'serious-reaction',
      text: 'Have you ever had a serious allergic reaction to this medication?',
      kind: 'single',
      options: yesNo(true),
    },
    pregnancy,
    {
      code: 'conditions',
      text: 'Do you have any of these conditions?',
      kind: 'multi',
      options: [
        { value: 'heart', label: 'Heart disease' },
        { value: 'kidney', label: 'Kidney disease' },
        { value: 'liver', label: 'Liver disease' },
        { value: 'immune', label: 'A weakened immune system' },
        { value: 'none', label: 'None of these' },
      ],
    },
    allergies,
    currentMedications,
  ],
};
