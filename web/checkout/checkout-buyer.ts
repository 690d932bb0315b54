import type { SessionState } from '../../renderer/features/session/session-store';

export type Buyer = 'patient' | 'guest';

export interface BuyerState {
  /** A patient once signed in (spec §4: Register is pending while there is no login token). */
  buyer: Buyer;
  /** The guest order's id kept by the browser (spec §3 `guestOrderId`). */
  guestOrderId: string | null;
}

/** Who is checking out, from the app's session. */
export function buyerOf(session: Pick<SessionState, 'signedIn' | 'guestOrderId'>): BuyerState {
  return {
    buyer: session.signedIn ? 'patient' : 'guest',
    guestOrderId: session.signedIn ? null : session.guestOrderId,
  };
}
