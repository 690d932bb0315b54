import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { type EndpointName, endpointPath } from '../../../shared/api/endpoints';
import { sendForData } from '../../../shared/api/send-for-data';
import type {
  AddCardRequest,
  CardData,
  RemoveCardRequest,
  UpdateCardRequest,
} from '../../../shared/contracts/payments';
import { useApiClient } from '../../app/api-context';
import { paymentKeys } from './payment-keys';

const url = (client: ApiClient, name: EndpointName) =>
  joinUrl(client.bases.payment, endpointPath(name));

/** GET AllPaymentMethods: every saved card, expired ones flagged. */
export function useAllCards() {
  const client = useApiClient();
  return useQuery({
    queryKey: paymentKeys.allMethods(),
    queryFn: async () => (await client.get<CardData[]>(5, url(client, 'allPaymentMethods'))).data,
  });
}

/** Add, renew, make current and remove a saved card; each refreshes every card list. */
export function useCardActions() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: paymentKeys.all });
  return {
    add: useMutation({
      mutationFn: (input: AddCardRequest) =>
        sendForData<CardData>(client, 'post', 5, url(client, 'addCard'), input),
      onSuccess: refresh,
    }),
    update: useMutation({
      mutationFn: (input: UpdateCardRequest) =>
        sendForData<CardData>(client, 'post', 5, url(client, 'updateCard'), input),
      onSuccess: refresh,
    }),
    makeCurrent: useMutation({
      mutationFn: (cardId: string) =>
        sendForData<CardData[]>(client, 'post', 5, url(client, 'updateCurrentCard'), { cardId }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (input: RemoveCardRequest) =>
        sendForData<CardData[]>(client, 'post', 5, url(client, 'removeCard'), input),
      onSuccess: refresh,
    }),
  };
}
