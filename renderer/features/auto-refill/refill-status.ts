import type { AutoRefillData } from '../../../shared/contracts/auto-refill';

export type RefillState = 'active' | 'paused' | 'stopped';

export function refillState(refill: Pick<AutoRefillData, 'active' | 'pausedAt'>): RefillState {
  if (!refill.active) return 'stopped';
  return refill.pausedAt ? 'paused' : 'active';
}

export const refillStateLabels: Record<RefillState, string> = {
  active: 'Active',
  paused: 'Paused',
  stopped: 'Stopped',
};
