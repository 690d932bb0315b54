/**
 * react-query keys of the visits feature: every input of a query is in its key, the patient's
 * identity too (a sign-out never shows the next person a cached visit).
 */
export const visitKeys = {
  all: ['visits'] as const,
  patientVisit: (identity: string, orderId: string) =>
    [...visitKeys.all, 'patient', identity, orderId] as const,
  patientVisits: (identity: string) => [...visitKeys.all, 'patient-list', identity] as const,
  welcome: (identity: string, storefrontId: number) =>
    [...visitKeys.all, 'welcome', identity, storefrontId] as const,
  doctorList: () => [...visitKeys.all, 'doctor-list'] as const,
  chart: (orderId: string) => [...visitKeys.all, 'chart', orderId] as const,
};
