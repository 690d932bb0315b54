/** Spec §4: visit types 1, 2 and 3. Type 3 confirms a doctor instead of scheduling a visit. */
export const visitTypes = [1, 2, 3] as const;

export type VisitType = (typeof visitTypes)[number];

export function isVisitType(value: unknown): value is VisitType {
  return value === 1 || value === 2 || value === 3;
}

/** Visit type 3 goes through doctor confirmation rather than visit scheduling. */
export function confirmsDoctor(visitType: VisitType): boolean {
  return visitType === 3;
}
