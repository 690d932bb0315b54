import type { StaffRole } from '../../features/staff-auth/staff-roles';

export interface NavItem {
  path: string;
  label: string;
}

/** Every section of the console and the roles that may open it (the server checks them too). */
export const sections = {
  orders: { path: '/orders', label: 'Orders', roles: ['agent', 'admin'] },
  patients: { path: '/patients', label: 'Patients', roles: ['agent', 'admin'] },
  phoneOrder: { path: '/phone-order', label: 'Phone order', roles: ['agent'] },
  intake: { path: '/intake', label: 'My patients', roles: ['ecp'] },
  visits: { path: '/visits', label: 'Visits', roles: ['doctor'] },
  audit: { path: '/audit', label: 'Audit log', roles: ['admin'] },
} as const satisfies Record<string, NavItem & { roles: readonly StaffRole[] }>;

export type SectionName = keyof typeof sections;

const navOrder: Record<StaffRole, readonly SectionName[]> = {
  agent: ['orders', 'patients', 'phoneOrder'],
  ecp: ['intake'],
  doctor: ['visits'],
  admin: ['orders', 'patients', 'audit'],
};

/** The menu of a role, in the order it is shown. */
export function navFor(role: StaffRole): NavItem[] {
  return navOrder[role].map((name) => sections[name]);
}

/** Where a role lands after sign-in, and when it opens a section it may not see. */
export function homeOf(role: StaffRole): string {
  const first = navOrder[role][0];
  return first ? sections[first].path : '/settings';
}

export function mayOpen(role: StaffRole, section: SectionName): boolean {
  return (sections[section].roles as readonly StaffRole[]).includes(role);
}

/** The menu entry a path belongs to, for the selected state. */
export function sectionPathOf(pathname: string): string | null {
  const match = Object.values(sections).find(
    (section) => pathname === section.path || pathname.startsWith(`${section.path}/`),
  );
  if (match) return match.path;
  return pathname.startsWith('/settings') ? '/settings' : null;
}
