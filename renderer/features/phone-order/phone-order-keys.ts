/** react-query keys of the phone order an agent builds for one patient (one open order each). */
export const phoneOrderKeys = {
  all: ['phone-order'] as const,
  ofPatient: (patientId: string) => [...phoneOrderKeys.all, 'patient', patientId] as const,
};
