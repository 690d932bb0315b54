/**
 * Where each endpoint family of spec §7 lives (DESIGN §3). Each base is a setting so a
 * family can move to its own deployment later; the defaults put them all on one server.
 */
export interface ApiBases {
  auth: string;
  /** The user-service base (request mode 4). */
  user: string;
  order: string;
  payment: string;
  guestOrders: string;
  /** The config-service base (request modes other than 1, 4, 5, 6, 7, 8, 9). */
  config: string;
  visit: string;
  relative: string;
  staff: string;
  root: string;
}

export type ApiFamily = keyof ApiBases;

export const defaultBasePaths: ApiBases = {
  auth: '/api/auth',
  user: '/api/user',
  order: '/api/order',
  payment: '/api/payment',
  guestOrders: '/api/v1/guestorders',
  config: '/api/config',
  visit: '/api/visit',
  relative: '/api',
  staff: '/api/staff',
  root: '/api',
};

/** The bases under one origin, e.g. `http://localhost:3000` (empty for same-origin in a browser). */
export function basesAt(origin: string, overrides: Partial<ApiBases> = {}): ApiBases {
  const trimmed = origin.replace(/\/+$/, '');
  const bases = { ...defaultBasePaths, ...overrides };
  const entries = Object.entries(bases).map(([family, path]) => [
    family,
    /^https?:\/\//.test(path) ? path : `${trimmed}${path}`,
  ]);
  return Object.fromEntries(entries) as unknown as ApiBases;
}

/** Joins a base and a path with exactly one slash between them. */
export function joinUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
