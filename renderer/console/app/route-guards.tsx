import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { homeOf, mayOpen, type SectionName } from './role-nav';
import { useSignedInStaff } from './session-context';

/** A section another role opened by its address goes back to the role's own home. */
export function RequireSection({
  section,
  children,
}: {
  section: SectionName;
  children: ReactNode;
}) {
  const { user } = useSignedInStaff();
  if (!mayOpen(user.role, section)) return <Navigate to={homeOf(user.role)} replace />;
  return children;
}

export function HomeRedirect() {
  const { user } = useSignedInStaff();
  return <Navigate to={homeOf(user.role)} replace />;
}
