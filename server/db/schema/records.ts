import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { LabResultValue } from '../../../shared/contracts/labs';
import { labStatusValues } from '../../../shared/labs/lab-tests';
import { doctors } from './care-network';
import { users } from './identity';
import { orders } from './orders';
import { storefronts } from './platform';

/**
 * A patient's documents (spec §2 health records: an insurance card, a prescription, a photo).
 * The bytes live in the file store (server/integrations/files) under `storageKey`; this row
 * is what is known of them. The type is the one the bytes showed, not the name's or the
 * client's.
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    storageKey: text('storage_key').notNull().unique('documents_storage_key_unique'),
    /** A JPEG a browser can show, for a HEIC photo (null when none could be made). */
    previewKey: text('preview_key').unique('documents_preview_key_unique'),
    uploadedById: uuid('uploaded_by_id').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('documents_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Labs a doctor ordered for a patient (issue 13). The requisition PDF is made when the lab is
 * ordered and kept as it was printed; the results are a PDF too (uploaded, or rendered from
 * the values entered, kept in `resultValues`). Both live in the file store. The life:
 * ordered → collected → resulted.
 */
export const labOrders = pgTable(
  'lab_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requisitionNumber: text('requisition_number')
      .notNull()
      .unique('lab_orders_requisition_number_unique'),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => users.id),
    storefrontId: integer('storefront_id')
      .notNull()
      .references(() => storefronts.id),
    doctorId: integer('doctor_id')
      .notNull()
      .references(() => doctors.id),
    /** The visit it was ordered from. */
    visitOrderId: uuid('visit_order_id').references(() => orders.id),
    tests: jsonb('tests').$type<string[]>().notNull(),
    status: text('status', { enum: labStatusValues }).notNull().default('ordered'),
    requisitionKey: text('requisition_key').notNull().unique('lab_orders_requisition_key_unique'),
    resultKey: text('result_key').unique('lab_orders_result_key_unique'),
    resultValues: jsonb('result_values').$type<LabResultValue[]>(),
    orderedAt: timestamp('ordered_at', { withTimezone: true }).notNull().defaultNow(),
    collectedAt: timestamp('collected_at', { withTimezone: true }),
    resultedAt: timestamp('resulted_at', { withTimezone: true }),
  },
  (t) => [index('lab_orders_patient_idx').on(t.patientId, t.orderedAt)],
);
