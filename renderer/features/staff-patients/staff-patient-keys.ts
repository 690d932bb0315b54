/** react-query keys of the console's patients: every input of a request is in its key. */
export const staffPatientKeys = {
  all: ['staff-patients'] as const,
  searches: () => [...staffPatientKeys.all, 'search'] as const,
  search: (q: string) => [...staffPatientKeys.searches(), { q }] as const,
  view: (userId: string) => [...staffPatientKeys.all, 'view', userId] as const,
  orders: (userId: string) => [...staffPatientKeys.all, 'orders', userId] as const,
};
