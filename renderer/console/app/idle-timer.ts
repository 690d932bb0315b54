/** DESIGN §6: a staff session idles out after 15 minutes; the console warns a minute before. */
export const IDLE_SIGN_OUT_MS = 15 * 60_000;
export const IDLE_WARNING_MS = 14 * 60_000;

export type IdlePhase = 'active' | 'warning' | 'expired';

/** Where an idle session stands, `idleMs` after the last input. */
export function idlePhaseOf(idleMs: number): IdlePhase {
  if (idleMs >= IDLE_SIGN_OUT_MS) return 'expired';
  if (idleMs >= IDLE_WARNING_MS) return 'warning';
  return 'active';
}

/** Whole seconds left before the sign-out, for the warning's countdown. */
export function secondsLeft(idleMs: number): number {
  return Math.max(0, Math.ceil((IDLE_SIGN_OUT_MS - idleMs) / 1000));
}
