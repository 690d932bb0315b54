import type { Role } from '../../db/schema/identity';

/** Who is calling. Resolved once per request by the auth plugin. */
export type Principal =
  | { kind: 'anonymous'; apiKey: boolean }
  | { kind: 'guest'; apiKey: boolean; tokenId: string }
  | { kind: 'user'; apiKey: boolean; tokenId: string; userId: string; role: Role; email: string };

/**
 * What a route declares (SECURITY "Access control"): `public` is anyone; `api-key` needs the
 * api-key header or any valid token; `guest` a guest token; a role a user token of that role.
 */
export type Access = 'public' | 'api-key' | 'guest' | Role;

export function allows(access: readonly Access[], principal: Principal): boolean {
  return access.some((rule) => allowsRule(rule, principal));
}

function allowsRule(rule: Access, principal: Principal): boolean {
  switch (rule) {
    case 'public':
      return true;
    case 'api-key':
      return principal.apiKey || principal.kind !== 'anonymous';
    case 'guest':
      return principal.kind === 'guest';
    case 'patient':
    case 'agent':
    case 'ecp':
    case 'doctor':
    case 'admin':
      return principal.kind === 'user' && principal.role === rule;
  }
}

export const staffRoles: readonly Role[] = ['agent', 'ecp', 'doctor', 'admin'];

export function isStaff(role: Role): boolean {
  return staffRoles.includes(role);
}
