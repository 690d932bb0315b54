/**
 * The laboratory tests a doctor can order (issue 13), by the code printed on the requisition.
 * One list for the console's order form, the server's check and the PDFs.
 */
export const labTests = [
  { code: 'CBC', name: 'Complete blood count (CBC) with differential' },
  { code: 'CMP', name: 'Comprehensive metabolic panel (CMP)' },
  { code: 'LIPID', name: 'Lipid panel' },
  { code: 'A1C', name: 'Hemoglobin A1c' },
  { code: 'TSH', name: 'Thyroid stimulating hormone (TSH)' },
  { code: 'VITD', name: 'Vitamin D, 25-hydroxy' },
  { code: 'TESTO', name: 'Testosterone, total' },
  { code: 'PSA', name: 'Prostate specific antigen (PSA)' },
  { code: 'UA', name: 'Urinalysis, complete' },
  { code: 'HCV', name: 'Hepatitis C antibody' },
] as const;

export type LabTestCode = (typeof labTests)[number]['code'];

export const labTestCodes = labTests.map((test) => test.code) as [LabTestCode, ...LabTestCode[]];

/** The name of a test's code (the code itself for one no longer in the list). */
export function labTestName(code: string): string {
  return labTests.find((test) => test.code === code)?.name ?? code;
}

/** A lab order's life: ordered → collected (the sample was taken) → resulted. */
export const labStatusValues = ['ordered', 'collected', 'resulted'] as const;
export type LabStatus = (typeof labStatusValues)[number];

/** How each status reads to the patient and to staff. */
export const labStatusLabels: Record<LabStatus, string> = {
  ordered: 'Ordered',
  collected: 'Collected',
  resulted: 'Resulted',
};
