import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import type { StaffSession, StaffSessionStore } from './staff-session';

const SessionContext = createContext<StaffSessionStore | null>(null);

export function StaffSessionProvider({
  store,
  children,
}: {
  store: StaffSessionStore;
  children: ReactNode;
}) {
  return <SessionContext.Provider value={store}>{children}</SessionContext.Provider>;
}

export function useStaffSessionStore(): StaffSessionStore {
  const store = useContext(SessionContext);
  if (!store) throw new Error('useStaffSessionStore needs a <StaffSessionProvider> above it');
  return store;
}

/** The signed-in staff member, re-rendering on sign-in and sign-out. */
export function useStaffSession(): StaffSession | null {
  const store = useStaffSessionStore();
  return useSyncExternalStore(store.subscribe, store.current);
}

/** The session of a page that is only shown signed in. */
export function useSignedInStaff(): StaffSession {
  const session = useStaffSession();
  if (!session) throw new Error('This page is only shown to a signed-in staff member');
  return session;
}
