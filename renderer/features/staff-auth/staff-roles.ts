/** The roles that may use the staff console; a patient who signs in there is refused. */
export const staffRoles = ['agent', 'ecp', 'doctor', 'admin'] as const;
export type StaffRole = (typeof staffRoles)[number];

export function isStaffRole(role: string): role is StaffRole {
  return (staffRoles as readonly string[]).includes(role);
}

/** How a role is named in the console header. */
export const roleLabels: Record<StaffRole, string> = {
  agent: 'Agent',
  ecp: 'Eye care professional',
  doctor: 'Doctor',
  admin: 'Administrator',
};
