import { describe, expect, it, vi } from 'vitest';
import {
  IDLE_SIGN_OUT_MS,
  IDLE_WARNING_MS,
  idlePhaseOf,
  secondsLeft,
} from '../../../renderer/console/app/idle-timer';
import { createStaffSessionStore } from '../../../renderer/console/app/staff-session';
import { createMemoryStorage } from '../../../shared/api/storage-keys';

const session = {
  token: 'opaque-token',
  user: {
    userId: '4b0c2f7e-3a51-4f7e-9d0a-1c2b3d4e5f60',
    firstName: 'Alex',
    lastName: 'Morgan',
    email: 'agent@demo.test',
    role: 'agent' as const,
  },
};

describe('staff session store', () => {
  it('keeps the token under the spec key and survives a reload of the tab', () => {
    const storage = createMemoryStorage();
    const store = createStaffSessionStore(storage);
    store.signIn(session);
    expect(storage.getItem('token')).toBe('opaque-token');
    expect(storage.getItem('useidk')).toBe(session.user.userId);
    expect(createStaffSessionStore(storage).current()).toEqual(session);
  });

  it('forgets everything on sign-out, with the reason of an automatic one', () => {
    const storage = createMemoryStorage();
    const store = createStaffSessionStore(storage);
    const listener = vi.fn();
    store.subscribe(listener);
    store.signIn(session);
    store.signOut('expired');
    expect(store.current()).toBeNull();
    expect(store.reason()).toBe('expired');
    expect(storage.getItem('token')).toBeNull();
    expect(createStaffSessionStore(storage).current()).toBeNull();
    // A late 401 after sign-out does not change why the session ended.
    store.signOut('idle');
    expect(store.reason()).toBe('expired');
    expect(listener).toHaveBeenCalled();
  });

  it('treats a damaged or foreign stored user as signed out', () => {
    const storage = createMemoryStorage();
    storage.setItem('token', 't');
    storage.setItem('consoleStaffUser', '{"role":"patient","userId":"x"}');
    expect(createStaffSessionStore(storage).current()).toBeNull();
    storage.setItem('consoleStaffUser', 'not json');
    expect(createStaffSessionStore(storage).current()).toBeNull();
  });
});

describe('idle sign-out', () => {
  it('warns at 14 minutes and signs out at 15 (DESIGN §6)', () => {
    expect(IDLE_WARNING_MS).toBe(14 * 60_000);
    expect(IDLE_SIGN_OUT_MS).toBe(15 * 60_000);
    expect(idlePhaseOf(0)).toBe('active');
    expect(idlePhaseOf(IDLE_WARNING_MS - 1)).toBe('active');
    expect(idlePhaseOf(IDLE_WARNING_MS)).toBe('warning');
    expect(idlePhaseOf(IDLE_SIGN_OUT_MS)).toBe('expired');
    expect(secondsLeft(IDLE_WARNING_MS)).toBe(60);
    expect(secondsLeft(IDLE_SIGN_OUT_MS + 5000)).toBe(0);
  });
});
