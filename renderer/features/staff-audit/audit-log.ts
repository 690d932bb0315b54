import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { joinUrl } from '../../../shared/api/bases';
import type { ApiClient } from '../../../shared/api/client';
import { type AuditLogData, MAX_AUDIT_PAGE_SIZE } from '../../../shared/contracts/staff-audit';
import { useApiClient } from '../../app/api-context';
import { auditKeys } from './audit-keys';

/** GET /api/staff/audit: one page, newest first (admins only; the read is itself audited). */
export async function fetchAuditPage(
  client: ApiClient,
  params: Record<string, string>,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<AuditLogData> {
  const query = { ...params, limit: MAX_AUDIT_PAGE_SIZE, ...(cursor ? { cursor } : {}) };
  const result = await client.get<AuditLogData>(5, joinUrl(client.bases.staff, 'audit'), query, {
    signal,
  });
  return result.data;
}

export function auditLogOptions(client: ApiClient, params: Record<string, string>) {
  return infiniteQueryOptions({
    queryKey: auditKeys.list(params),
    queryFn: ({ pageParam, signal }) => fetchAuditPage(client, params, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // New entries arrive all the time; "Refresh" reloads from the newest.
    staleTime: Number.POSITIVE_INFINITY,
    placeholderData: keepPreviousData,
  });
}

export function useAuditLog(params: Record<string, string>) {
  const client = useApiClient();
  return useInfiniteQuery(auditLogOptions(client, params));
}

export const entriesOfAuditPage = (page: AuditLogData) => page.items;
