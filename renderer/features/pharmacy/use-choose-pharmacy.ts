import { useMutation } from '@tanstack/react-query';
import type { OrderData } from '../../../shared/contracts/orders';
import { useApiClient } from '../../app/api-context';
import { acceptInternalPharmacy } from './accept-internal-pharmacy';
import { selectPharmacy } from './select-pharmacy';

export type ChoosePharmacyInput = {
  buyer: 'patient' | 'guest';
  orderId: string;
} & ({ kind: 'listed'; pharmacyId: number } | { kind: 'partner' });

/** Chooses the order's pharmacy (a listed one, or the partner pharmacy); resolves with the order. */
export function useChoosePharmacy() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (input: ChoosePharmacyInput): Promise<OrderData> =>
      input.kind === 'partner'
        ? acceptInternalPharmacy(client, input)
        : selectPharmacy(client, input),
  });
}
