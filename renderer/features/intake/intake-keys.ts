/** react-query keys of the ECP intake: the list is the calling ECP's own patients. */
export const intakeKeys = {
  all: ['intake'] as const,
  patients: () => [...intakeKeys.all, 'patients'] as const,
};
