import { type KeyValueStorage, storageKeys } from '../../../shared/api/storage-keys';
import type { StoredTokens } from '../../../shared/api/token-providers';

/** Which panel the login drawer shows. */
export type LoginView = 'password' | 'passcode' | 'forgot' | 'join';

/** Whether the app holds a credential every call can use (the user token, else a guest token). */
export type CredentialState = 'pending' | 'ready' | 'failed';

export interface SessionState {
  readonly signedIn: boolean;
  /** The signed-in user's id (storage key `useidk`). */
  readonly userId: string | null;
  /** First name from the last sign-in of this page load (never stored, spec §3 keys only). */
  readonly firstName: string | null;
  readonly credentials: CredentialState;
  /** The guest order kept in storage (spec §3 `guestOrderId`), for guests only. */
  readonly guestOrderId: string | null;
  /** Where to go after the next sign-in (spec §4), then cleared. */
  readonly redirectUrl: string | null;
  /** After the next sign-in, resume the checkout at its first pending stage. */
  readonly continueCheckoutAfterSignIn: boolean;
  readonly loginDrawer: { readonly open: boolean; readonly view: LoginView };
  readonly cartDrawerOpen: boolean;
  /** Changes on every sign-in and sign-out, so caches keyed by it never mix two people. */
  readonly identity: string;
}

export interface SignedInUser {
  access_token: string;
  userId: string;
  firstName: string;
}

export interface OpenLoginOptions {
  view?: LoginView;
  redirectUrl?: string | null;
  continueCheckout?: boolean;
}

export interface SessionStore {
  getState(): SessionState;
  subscribe(listener: () => void): () => void;
  /** Obtains a guest token when no user token is held; resolves once a credential is ready. */
  ensureCredentials(): Promise<void>;
  signIn(user: SignedInUser): void;
  /** Logout (spec §4): clears local and session storage and the state, opens the login drawer. */
  signOut(): void;
  /** A 401 from the server: the user's session ended, or the guest token is no longer valid. */
  handleUnauthenticated(): void;
  setGuestOrderId(orderId: string | null): void;
  openLogin(options?: OpenLoginOptions): void;
  setLoginView(view: LoginView): void;
  closeLogin(): void;
  /** Reads and clears what to do after a sign-in. */
  takeAfterSignIn(): { redirectUrl: string | null; continueCheckout: boolean };
  setCartDrawerOpen(open: boolean): void;
}

export interface SessionStoreOptions {
  local: KeyValueStorage;
  session: KeyValueStorage;
  tokens: StoredTokens;
  /** Buys a guest token with the app's fixed client credentials (AccessTokenAdmin). */
  fetchGuestToken(): Promise<string>;
  /** Checks a stored user token with the server; false when it is no longer valid. */
  validateUserToken(): Promise<boolean>;
  logger?: Pick<Console, 'warn'>;
  now?: () => number;
}

/** A stored guest order older than this is forgotten (the server keeps it; we stop offering it). */
export const GUEST_ORDER_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** At most one automatic new guest token per this many milliseconds (no 401 loops). */
const GUEST_TOKEN_RETRY_MS = 5_000;

/**
 * The patient app's session: who is signed in, the guest token, the guest order, the redirect
 * after sign-in and the drawers. Framework-free (a plain external store) so React reads it with
 * useSyncExternalStore and the API client's 401 handler can reach it.
 */
export function createSessionStore(options: SessionStoreOptions): SessionStore {
  const { local, session, tokens } = options;
  const logger = options.logger ?? console;
  const now = options.now ?? Date.now;
  const listeners = new Set<() => void>();
  let inFlight: Promise<void> | null = null;
  let lastGuestTokenAt = Number.NEGATIVE_INFINITY;

  const storedUserId = local.getItem(storageKeys.useidk);
  const signedInAtStart = tokens.userToken() !== null;
  let state: SessionState = {
    signedIn: signedInAtStart,
    userId: signedInAtStart ? storedUserId : null,
    firstName: null,
    credentials: 'pending',
    guestOrderId: signedInAtStart ? null : readGuestOrderId(),
    redirectUrl: null,
    continueCheckoutAfterSignIn: false,
    loginDrawer: { open: false, view: 'password' },
    cartDrawerOpen: false,
    identity: identityOf(signedInAtStart, storedUserId),
  };

  function identityOf(signedIn: boolean, userId: string | null): string {
    return signedIn ? `user:${userId ?? 'unknown'}` : 'guest';
  }

  function readGuestOrderId(): string | null {
    const id = local.getItem(storageKeys.guestOrderId);
    const at = Number(local.getItem(storageKeys.guestOrderIdTimestamp));
    if (!id) return null;
    if (!Number.isFinite(at) || now() - at > GUEST_ORDER_MAX_AGE_MS) {
      local.removeItem(storageKeys.guestOrderId);
      local.removeItem(storageKeys.guestOrderIdTimestamp);
      return null;
    }
    return id;
  }

  function set(patch: Partial<SessionState>) {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  }

  async function obtainGuestToken(): Promise<void> {
    lastGuestTokenAt = now();
    tokens.setGuestToken(await options.fetchGuestToken());
  }

  async function prepare(): Promise<void> {
    if (tokens.userToken() !== null) {
      const valid = await options.validateUserToken().catch((error: unknown) => {
        // A connection error says nothing about the token: keep it and let calls show the error.
        logger.warn('Could not validate the stored session', error);
        return true;
      });
      if (valid) return;
      forgetUser();
    }
    await obtainGuestToken();
  }

  function ensureCredentials(): Promise<void> {
    if (state.credentials === 'ready') return Promise.resolve();
    if (!inFlight) {
      set({ credentials: 'pending' });
      inFlight = prepare()
        .then(() => set({ credentials: 'ready' }))
        .catch((error: unknown) => {
          logger.warn('Could not obtain a guest token', error);
          set({ credentials: 'failed' });
        })
        .finally(() => {
          inFlight = null;
        });
    }
    return inFlight;
  }

  /** Drops the user's token and id (not the rest of storage): a session that ended by itself. */
  function forgetUser() {
    tokens.setUserToken(null);
    local.removeItem(storageKeys.useidk);
    set({ signedIn: false, userId: null, firstName: null, identity: identityOf(false, null) });
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    ensureCredentials,
    signIn(user) {
      tokens.setUserToken(user.access_token);
      tokens.setGuestToken(null);
      local.setItem(storageKeys.useidk, user.userId);
      // The server moved the guest order into the account when its id was sent with the sign-in.
      local.removeItem(storageKeys.guestOrderId);
      local.removeItem(storageKeys.guestOrderIdTimestamp);
      set({
        signedIn: true,
        userId: user.userId,
        firstName: user.firstName,
        credentials: 'ready',
        guestOrderId: null,
        identity: identityOf(true, user.userId),
      });
    },
    signOut() {
      local.clear();
      session.clear();
      tokens.setUserToken(null);
      tokens.setGuestToken(null);
      set({
        signedIn: false,
        userId: null,
        firstName: null,
        credentials: 'pending',
        guestOrderId: null,
        redirectUrl: null,
        continueCheckoutAfterSignIn: false,
        loginDrawer: { open: true, view: 'password' },
        cartDrawerOpen: false,
        identity: identityOf(false, null),
      });
      void ensureCredentials();
    },
    handleUnauthenticated() {
      if (state.signedIn) {
        forgetUser();
        set({ credentials: 'pending', loginDrawer: { open: true, view: 'password' } });
        void ensureCredentials();
        return;
      }
      if (inFlight || now() - lastGuestTokenAt < GUEST_TOKEN_RETRY_MS) return;
      tokens.setGuestToken(null);
      set({ credentials: 'pending' });
      void ensureCredentials();
    },
    setGuestOrderId(orderId) {
      if (orderId) {
        local.setItem(storageKeys.guestOrderId, orderId);
        local.setItem(storageKeys.guestOrderIdTimestamp, String(now()));
      } else {
        local.removeItem(storageKeys.guestOrderId);
        local.removeItem(storageKeys.guestOrderIdTimestamp);
      }
      set({ guestOrderId: orderId });
    },
    openLogin(open = {}) {
      set({
        loginDrawer: { open: true, view: open.view ?? 'password' },
        redirectUrl: open.redirectUrl ?? state.redirectUrl,
        continueCheckoutAfterSignIn: open.continueCheckout ?? state.continueCheckoutAfterSignIn,
        cartDrawerOpen: false,
      });
    },
    setLoginView(view) {
      set({ loginDrawer: { open: state.loginDrawer.open, view } });
    },
    closeLogin() {
      set({
        loginDrawer: { open: false, view: state.loginDrawer.view },
        redirectUrl: null,
        continueCheckoutAfterSignIn: false,
      });
    },
    takeAfterSignIn() {
      const after = {
        redirectUrl: state.redirectUrl,
        continueCheckout: state.continueCheckoutAfterSignIn,
      };
      set({
        redirectUrl: null,
        continueCheckoutAfterSignIn: false,
        loginDrawer: { open: false, view: 'password' },
      });
      return after;
    },
    setCartDrawerOpen(open) {
      set({ cartDrawerOpen: open });
    },
  };
}
