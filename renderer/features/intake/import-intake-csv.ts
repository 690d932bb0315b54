import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApiClient } from '../../../shared/api/client';
import type { Envelope } from '../../../shared/contracts/envelope';
import type { IntakeImportData } from '../../../shared/contracts/intake-import';
import { useApiClient } from '../../app/api-context';
import { intakeKeys } from './intake-keys';
import { intakeUrl } from './intake-url';

/**
 * POST /api/staff/intake/import with the file's text as JSON `{ csv }`: the server validates
 * and creates each row in its own transaction and answers a report row by row.
 */
export async function importIntakeCsv(client: ApiClient, csv: string): Promise<IntakeImportData> {
  const { data } = await client.post<Envelope<IntakeImportData>>(5, intakeUrl(client, 'import'), {
    csv,
  });
  return data.Data;
}

export function useImportIntakeCsv() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => importIntakeCsv(client, csv),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: intakeKeys.patients() }),
  });
}
