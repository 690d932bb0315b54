import { useMutation, useQueryClient } from '@tanstack/react-query';
import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import type { Envelope } from '../../../shared/contracts/envelope';
import type { SaveAnswersData, SaveAnswersRequest } from '../../../shared/contracts/questionnaire';
import { useApiClient } from '../../app/api-context';
import { questionnaireKeys } from './questionnaire-keys';

/** POST Order/Questionnaire: one consult product's answers (mode 9). */
export async function saveAnswers(
  client: ApiClient,
  input: SaveAnswersRequest,
): Promise<SaveAnswersData> {
  const url = joinUrl(client.bases.order, endpointPath('questionnaire'));
  const result = await client.post<Envelope<SaveAnswersData>>(9, url, input);
  return result.data.Data;
}

export function useSaveAnswers() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveAnswersRequest) => saveAnswers(client, input),
    onSuccess: (_data, input) =>
      queryClient.invalidateQueries({ queryKey: questionnaireKeys.ofOrder(input.orderId) }),
  });
}
