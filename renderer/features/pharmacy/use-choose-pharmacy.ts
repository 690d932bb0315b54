import { useMutation } from '@tanstack/react-query';
import type { OrderData } from '../../../shared/contracts/orders';
import type { NewPharmacyInput } from '../../../shared/contracts/pharmacy';
import { useApiClient } from '../../app/api-context';
import { acceptInternalPharmacy } from './accept-internal-pharmacy';
import { addOwnPharmacy } from './add-own-pharmacy';
import { selectPharmacy } from './select-pharmacy';

export type ChoosePharmacyInput = {
  buyer: 'patient' | 'guest';
  orderId: string;
} & (
  | { kind: 'listed'; pharmacyId: number }
  | { kind: 'partner' }
  | { kind: 'own'; pharmacy: NewPharmacyInput }
);

/** Chooses the order's pharmacy (a listed one, the partner pharmacy, or one the patient enters);
 * resolves with the order. */
export function useChoosePharmacy() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (input: ChoosePharmacyInput): Promise<OrderData> => {
      if (input.kind === 'partner') return acceptInternalPharmacy(client, input);
      if (input.kind === 'own') return addOwnPharmacy(client, input);
      return selectPharmacy(client, input);
    },
  });
}
