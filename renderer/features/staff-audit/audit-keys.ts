/** The react-query keys of the audit log. */
export const auditKeys = {
  all: ['staff-audit'] as const,
  list: (params: Record<string, string>) => [...auditKeys.all, 'list', params] as const,
};
