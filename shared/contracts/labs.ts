import { z } from 'zod';
import { labStatusValues, labTestCodes } from '../labs/lab-tests';
import { storefrontIdField, uuidField } from './fields';

/** A lab order as the patient and staff see it (HealthRecord/labs). */
export const labData = z.object({
  id: z.string(),
  requisitionNumber: z.string(),
  status: z.enum(labStatusValues),
  tests: z.array(z.object({ code: z.string(), name: z.string() })),
  doctorName: z.string(),
  orderedAt: z.string(),
  collectedAt: z.string().nullable(),
  resultedAt: z.string().nullable(),
  /** Whether DOWNLOAD LAB RESULTS has a file to give. */
  hasResults: z.boolean(),
});
export type LabData = z.infer<typeof labData>;

export const labListData = z.object({ labs: z.array(labData) });
export type LabListData = z.infer<typeof labListData>;

/** HealthRecord/labs?storefrontId= */
export const labsQuery = z.object({ storefrontId: storefrontIdField }).strict();

/** HealthRecord/labs/{labId}/… and the staff's labs/{labId}/… */
export const labParams = z.object({ labId: z.string().min(1).max(64) }).strict();

/** The doctor orders tests for the patient of one of their visits. */
export const orderLabsRequest = z
  .object({
    tests: z
      .array(z.enum(labTestCodes))
      .min(1, 'Please choose at least one test.')
      .max(labTestCodes.length)
      .refine((codes) => new Set(codes).size === codes.length, 'Each test can be ordered once.'),
  })
  .strict();
export type OrderLabsRequest = z.infer<typeof orderLabsRequest>;

const resultText = (max: number) => z.string().trim().max(max);

/** Results entered by hand: one line per test (the server renders them to a PDF). */
export const labResultValuesRequest = z
  .object({
    values: z
      .array(
        z
          .object({
            test: z.enum(labTestCodes),
            value: resultText(40).min(1, 'Please enter a value.'),
            unit: resultText(20).default(''),
            referenceRange: resultText(40).default(''),
          })
          .strict(),
      )
      .min(1, 'Please enter at least one result.')
      .max(50),
  })
  .strict();
export type LabResultValuesRequest = z.input<typeof labResultValuesRequest>;
export type LabResultValue = z.output<typeof labResultValuesRequest>['values'][number];

/** staff/visits/{orderId}/labs and staff/patients/{userId}/labs */
export const staffPatientLabsParams = z.object({ userId: uuidField }).strict();
