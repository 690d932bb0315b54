import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ActivateAutoRefillRequest,
  PauseAutoRefillRequest,
  UpdateShipSettingsRequest,
} from '../../../shared/contracts/auto-refill';
import { useApiClient } from '../../app/api-context';
import { refillApi } from './refill-api';

export const refillKeys = {
  all: (identity: string) => ['auto-refill', identity] as const,
  list: (identity: string) => ['auto-refill', identity, 'list'] as const,
  eligible: (identity: string) => ['auto-refill', identity, 'eligible'] as const,
};

export function useRefills(identity: string) {
  const client = useApiClient();
  return useQuery({ queryKey: refillKeys.list(identity), queryFn: () => refillApi.list(client) });
}

export function useRefillEligibleOrders(identity: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: refillKeys.eligible(identity),
    queryFn: () => refillApi.eligible(client),
  });
}

/**
 * Every change of a refill: turn on, off, pause, resume, ship settings. Each refreshes the
 * refills and what can still be turned on; `onChanged` lets a staff screen refresh its own view.
 */
export function useRefillActions(identity: string, onChanged?: () => void) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const settled = () => {
    void queryClient.invalidateQueries({ queryKey: refillKeys.all(identity) });
    onChanged?.();
  };
  return {
    activate: useMutation({
      mutationFn: (input: ActivateAutoRefillRequest) => refillApi.activate(client, input),
      onSuccess: settled,
    }),
    deactivate: useMutation({
      mutationFn: (autoRefillId: string) => refillApi.deactivate(client, autoRefillId),
      onSuccess: settled,
    }),
    pause: useMutation({
      mutationFn: (input: PauseAutoRefillRequest) => refillApi.pause(client, input),
      onSuccess: settled,
    }),
    updateShipSettings: useMutation({
      mutationFn: (input: UpdateShipSettingsRequest) => refillApi.updateShipSettings(client, input),
      onSuccess: settled,
    }),
  };
}
