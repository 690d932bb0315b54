import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../shared/api/client';
import { endpointPath } from '../../../shared/api/endpoints';
import type { UserInfoData } from '../../../shared/contracts/profile';
import { useApiClient } from '../../app/api-context';
import { accountKeys } from './account-keys';

/** GET User/UserInfo: the signed-in patient's own record (names are not kept in storage). */
export async function fetchUserInfo(client: ApiClient): Promise<UserInfoData> {
  const result = await client.get<UserInfoData>(4, endpointPath('userInfo'));
  return result.data;
}

export function userInfoQueryOptions(client: ApiClient, identity: string) {
  return queryOptions({
    queryKey: accountKeys.userInfo(identity),
    queryFn: () => fetchUserInfo(client),
    staleTime: 5 * 60_000,
  });
}

export function useUserInfo(identity: string) {
  const client = useApiClient();
  return useQuery(userInfoQueryOptions(client, identity));
}
