import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../app/api-context';
import { schedulingKeys } from './scheduling-keys';
import { type SelectDoctorInput, selectDoctor } from './select-doctor';

/** Selects the doctor (and time); a refused time (just taken) refreshes the times shown. */
export function useSelectDoctor() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SelectDoctorInput) => selectDoctor(client, input),
    onError: () => queryClient.invalidateQueries({ queryKey: [...schedulingKeys.all, 'slots'] }),
  });
}
