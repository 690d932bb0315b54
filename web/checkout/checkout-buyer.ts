import type { SessionState } from '../../renderer/features/session/session-store';

export type Buyer = 'patient' | 'guest';

export interface BuyerState {
  /** A patient once signed in (spec §4: Register is pending while there is no login token). */
  buyer: Buyer;
  /** The guest order's id kept by the browser (spec §3 `guestOrderId`); null for a patient. */
  guestOrderId: string | null;
  /** The session's identity (a patient's cart is kept under it). */
  identity: string;
}

/** Who is checking out, from the app's session. */
export function buyerOf(
  session: Pick<SessionState, 'signedIn' | 'guestOrderId' | 'identity'>,
): BuyerState {
  return {
    buyer: session.signedIn ? 'patient' : 'guest',
    guestOrderId: session.signedIn ? null : session.guestOrderId,
    identity: session.identity,
  };
}
