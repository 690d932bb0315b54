import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { endpointPath } from '../../../shared/api/endpoints';
import { sendForData } from '../../../shared/api/send-for-data';
import type { UserInfoData } from '../../../shared/contracts/profile';
import { useApiClient } from '../../app/api-context';

/** The profile calls of spec §7 (User/...) on the user-service base with the user token (mode 4). */
export const profileKeys = {
  all: (identity: string) => ['profile', identity] as const,
  passwordLastUpdated: (identity: string) =>
    ['profile', identity, 'password-last-updated'] as const,
};

export function usePasswordLastUpdated(identity: string) {
  const client = useApiClient();
  return useQuery({
    queryKey: profileKeys.passwordLastUpdated(identity),
    queryFn: async () =>
      (
        await client.get<{ passwordLastUpdated: string | null }>(
          4,
          endpointPath('passwordLastUpdated'),
        )
      ).data,
  });
}

export interface ProfileChanges {
  firstName: string;
  lastName: string;
  phone?: string;
  dateOfBirth: string;
}

/** POST User/UpdateUserInfo; the answer replaces the cached user info under `userInfoKey`. */
export function useUpdateProfile(userInfoKey: readonly unknown[]) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileChanges) =>
      sendForData<UserInfoData>(client, 'post', 4, endpointPath('updateUserInfo'), changes),
    onSuccess: (info) => queryClient.setQueryData(userInfoKey, info),
  });
}

/** POST User/UpdatePassword: every session of the account ends, this one included. */
export function useUpdatePassword() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (input: { currentPassword: string; newPassword: string }) =>
      sendForData<null>(client, 'post', 4, endpointPath('updatePassword'), input),
  });
}

/** POST User/SignOutOtherDevices: every other session of the account ends. */
export function useSignOutOtherDevices() {
  const client = useApiClient();
  return useMutation({
    mutationFn: () =>
      sendForData<{ signedOut: number }>(
        client,
        'post',
        4,
        endpointPath('signOutOtherDevices'),
        {},
      ),
  });
}
