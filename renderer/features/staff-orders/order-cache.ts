import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { StaffOrderDetail, StaffOrderListData } from '../../../shared/contracts/staff-orders';
import { staffOrderKeys } from './staff-order-keys';

/**
 * After an action, the answer (the order as it is now) replaces the open detail, and the
 * order's row in every loaded lookup takes its new status, so the table agrees with the
 * drawer without reloading thousands of rows.
 */
export function applyOrderDetail(queryClient: QueryClient, detail: StaffOrderDetail): void {
  queryClient.setQueryData(staffOrderKeys.detail(detail.order.orderId), detail);
  queryClient.setQueriesData<InfiniteData<StaffOrderListData>>(
    { queryKey: staffOrderKeys.lists() },
    (data) => {
      if (!data) return data;
      let changed = false;
      const pages = data.pages.map((page) => {
        const index = page.rows.findIndex((row) => row.orderId === detail.order.orderId);
        const row = page.rows[index];
        if (!row || row.status === detail.order.status) return page;
        changed = true;
        const rows = [...page.rows];
        rows[index] = { ...row, status: detail.order.status as typeof row.status };
        return { ...page, rows };
      });
      return changed ? { ...data, pages } : data;
    },
  );
}
