import { queryOptions, useQuery } from '@tanstack/react-query';
import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import type { QuestionnaireData } from '../../../shared/contracts/questionnaire';
import { useApiClient } from '../../app/api-context';
import { questionnaireKeys } from './questionnaire-keys';

/** GET Order/Questionnaire?orderId= (mode 8: the user token, else the guest token). */
export async function fetchQuestionnaire(
  client: ApiClient,
  orderId: string,
): Promise<QuestionnaireData> {
  const url = joinUrl(client.bases.order, endpointPath('questionnaire'));
  const result = await client.get<QuestionnaireData>(8, url, { orderId });
  return result.data;
}

export function questionnaireQuery(client: ApiClient, orderId: string) {
  return queryOptions({
    queryKey: questionnaireKeys.ofOrder(orderId),
    queryFn: () => fetchQuestionnaire(client, orderId),
    // Saved answers must be the ones just stored when the patient comes back to edit.
    staleTime: 0,
  });
}

export function useQuestionnaire(orderId: string | null | undefined) {
  const client = useApiClient();
  return useQuery({
    ...questionnaireQuery(client, orderId ?? ''),
    enabled: Boolean(orderId),
  });
}
