import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { questionKinds } from '../../../shared/questionnaire/answers';
import { storefronts } from './platform';

/** Products of a storefront. Prescription products need a consult; OTC products do not. */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    storefrontId: integer('storefront_id')
      .notNull()
      .references(() => storefronts.id),
    sku: text('sku').notNull(),
    title: text('title').notNull(),
    displayName: text('display_name').notNull(),
    description: text('description').notNull(),
    type: text('type', { enum: ['rx', 'otc'] }).notNull(),
    priceCents: integer('price_cents').notNull(),
    consultFeeCents: integer('consult_fee_cents').notNull().default(0),
    isConsultRequired: boolean('is_consult_required').notNull().default(false),
    /** 1 and 2: a scheduled visit (video, phone); 3: the doctor's confirmation only. */
    visitType: integer('visit_type'),
    /** The checkout stages this product requires, as the bit flags of spec §4. */
    requiredStages: integer('required_stages').notNull(),
    qtyRange: jsonb('qty_range').$type<number[]>().notNull(),
    defaultQuantity: integer('default_quantity').notNull().default(1),
    thumbnail: text('thumbnail'),
    /** US state codes the product may ship to. */
    shippableStates: jsonb('shippable_states').$type<string[]>().notNull(),
    /** Which questionnaire a consult product asks (null: none). */
    questionnaireKey: text('questionnaire_key'),
    refillIntervalDays: integer('refill_interval_days'),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [
    uniqueIndex('products_sku_unique').on(t.storefrontId, t.sku),
    index('products_storefront_idx').on(t.storefrontId, t.active, t.sortOrder),
  ],
);

/** The medication list of the medication search (spec §9). */
export const medications = pgTable(
  'medications',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('medications_name_unique').on(t.name)],
);

export { questionKinds };

export interface QuestionOption {
  value: string;
  label: string;
  /** Choosing it ends the consult on /disqualified. */
  disqualifies?: boolean;
}

/** The questions of a questionnaire, in order. */
export const questions = pgTable(
  'questions',
  {
    id: serial('id').primaryKey(),
    questionnaireKey: text('questionnaire_key').notNull(),
    ordinal: integer('ordinal').notNull(),
    code: text('code').notNull(),
    text: text('text').notNull(),
    kind: text('kind', { enum: questionKinds }).notNull(),
    options: jsonb('options').$type<QuestionOption[]>().notNull().default([]),
    required: boolean('required').notNull().default(true),
    /** For number answers: the allowed range. */
    min: integer('min'),
    max: integer('max'),
  },
  (t) => [uniqueIndex('questions_code_unique').on(t.questionnaireKey, t.code)],
);
