import { type KeyValueStorage, storageKeys } from '../../../shared/api/storage-keys';
import type { StaffRole } from '../../features/staff-auth/staff-roles';

/** Who is signed in to the console: what the header and the navigation need. */
export interface StaffUser {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  role: StaffRole;
}

export interface StaffSession {
  token: string;
  user: StaffUser;
}

/** Why the console last signed out on its own, shown on the sign-in page. */
export type SignOutReason = 'expired' | 'idle' | null;

export interface StaffSessionStore {
  current(): StaffSession | null;
  token(): string | null;
  /** The reason of the last automatic sign-out (null after a deliberate one). */
  reason(): SignOutReason;
  signIn(session: StaffSession): void;
  signOut(reason?: SignOutReason): void;
  subscribe(listener: () => void): () => void;
}

/** Kept beside the spec's `token` key so a reload of the tab keeps the header's name and role. */
const userKey = 'consoleStaffUser';

/**
 * The console's session, in session storage (DESIGN §6: a staff token must not outlive the
 * tab): the token under the spec's `token` key, the user's id under `useidk`, and the name and
 * role for the header. A stored user that does not parse is treated as signed out.
 */
export function createStaffSessionStore(storage: KeyValueStorage): StaffSessionStore {
  let session = readSession(storage);
  let reason: SignOutReason = null;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  return {
    current: () => session,
    token: () => session?.token ?? null,
    reason: () => reason,
    signIn(next) {
      storage.setItem(storageKeys.token, next.token);
      storage.setItem(storageKeys.useidk, next.user.userId);
      storage.setItem(userKey, JSON.stringify(next.user));
      session = next;
      reason = null;
      notify();
    },
    signOut(why = null) {
      storage.removeItem(storageKeys.token);
      storage.removeItem(storageKeys.useidk);
      storage.removeItem(userKey);
      const wasSignedIn = session !== null;
      session = null;
      // A late 401 of a call made before a deliberate sign-out must not claim the session ended.
      if (wasSignedIn || why === null) reason = why;
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function readSession(storage: KeyValueStorage): StaffSession | null {
  const token = storage.getItem(storageKeys.token);
  const userText = storage.getItem(userKey);
  if (!token || !userText) return null;
  try {
    const user = JSON.parse(userText) as Partial<StaffUser>;
    if (
      typeof user.userId === 'string' &&
      typeof user.firstName === 'string' &&
      typeof user.lastName === 'string' &&
      typeof user.email === 'string' &&
      (user.role === 'agent' || user.role === 'ecp' || user.role === 'admin')
    ) {
      return { token, user: user as StaffUser };
    }
  } catch {
    // Not ours or damaged: sign in again.
  }
  return null;
}
