import { keepPreviousData } from '@tanstack/react-query';
import { App, Button, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Outlet, useLocation, useMatch, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../../../shared/api/api-error';
import type { StaffOrderRow, StaffOrderSort } from '../../../../shared/contracts/staff-orders';
import { useApiClient } from '../../../app/api-context';
import { apiErrorText } from '../../../components/api-error-text';
import { DataTable } from '../../../components/data-table/data-table';
import type { DataTableSort } from '../../../components/data-table/data-table-types';
import { usePersistedColumnVisibility } from '../../../components/data-table/use-column-visibility';
import { useInfiniteRows } from '../../../components/data-table/use-infinite-rows';
import { downloadOrdersCsv } from '../../../features/staff-orders/export-orders-csv';
import { orderColumns } from '../../../features/staff-orders/order-columns';
import { OrderFilters } from '../../../features/staff-orders/order-filters';
import { rowsOfOrderPage, useOrderList } from '../../../features/staff-orders/order-list';
import {
  lookupFromSearch,
  lookupParams,
  type OrderLookup,
  searchOfLookup,
} from '../../../features/staff-orders/order-lookup';
import { useProductOptions } from '../../../features/staff-orders/product-options';
import { consoleStorefrontId } from '../../app/console-config';
import { useStaffSessionStore } from '../../app/session-context';
import { SavedViews } from './saved-views';
import '../../../features/staff-orders/staff-orders.css';

const orderKey = (row: StaffOrderRow) => row.orderId;

/**
 * The order lookup. The search, filters and sort live in the address (`#/orders?q=...`), so a
 * lookup can be bookmarked, shared and gone back to; the same values key the cached pages.
 * An order opens in a drawer over the list (the child route).
 */
export default function OrdersPage() {
  const [search, setSearch] = useSearchParams();
  const lookup = useMemo(() => lookupFromSearch(search), [search]);
  const params = useMemo(() => lookupParams(lookup), [lookup]);
  const paramsKey = JSON.stringify(params);
  const query = useOrderList(params, keepPreviousData);
  const { rows, status, paging } = useInfiniteRows(query, rowsOfOrderPage, apiErrorText);
  const products = useProductOptions(consoleStorefrontId);
  const [visibility, setVisibility] = usePersistedColumnVisibility('staff-orders');
  const navigate = useNavigate();
  const location = useLocation();
  const openOrderId = useMatch('/orders/:orderId')?.params.orderId ?? null;
  const gridRef = useRef<HTMLTableElement>(null);
  const selectedViewId = search.get('view');

  const setLookup = useCallback(
    (next: OrderLookup, viewId: string | null = null) => {
      const nextSearch = searchOfLookup(next);
      if (viewId) nextSearch.set('view', viewId);
      setSearch(nextSearch);
    },
    [setSearch],
  );

  const sort = useMemo(
    () => ({ columnId: lookup.sort, desc: lookup.dir === 'desc' }),
    [lookup.sort, lookup.dir],
  );
  const onSortChange = useCallback(
    (next: DataTableSort) =>
      setLookup({
        ...lookup,
        sort: next.columnId as StaffOrderSort,
        dir: next.desc ? 'desc' : 'asc',
      }),
    [lookup, setLookup],
  );
  const openRow = useCallback(
    (row: StaffOrderRow) =>
      navigate({ pathname: `/orders/${encodeURIComponent(row.orderId)}`, search: location.search }),
    [navigate, location.search],
  );

  // Closing the drawer gives the focus back to the grid, on the row that was opened.
  const wasOpen = useRef(openOrderId !== null);
  useEffect(() => {
    if (wasOpen.current && openOrderId === null) gridRef.current?.focus();
    wasOpen.current = openOrderId !== null;
  }, [openOrderId]);

  return (
    <div className="console-page">
      <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
        Orders
      </Typography.Title>
      <OrderFilters
        lookup={lookup}
        products={products.data ?? []}
        productsLoading={products.isPending}
        onChange={(next) => setLookup(next)}
      />
      <DataTable
        tableId="staff-orders"
        label="Orders"
        columns={orderColumns}
        rows={rows}
        rowKey={orderKey}
        status={status}
        error={query.error ? apiErrorText(query.error) : null}
        onRetry={() => void query.refetch()}
        emptyText="No orders match this search."
        paging={paging}
        sort={sort}
        onSortChange={onSortChange}
        onOpenRow={openRow}
        selectedRowKey={openOrderId}
        columnVisibility={visibility}
        onColumnVisibilityChange={setVisibility}
        scrollResetKey={paramsKey}
        gridRef={gridRef}
        toolbar={
          <>
            <SavedViews
              lookup={lookup}
              visibility={visibility}
              selectedViewId={selectedViewId}
              onApply={(next, viewId, columns) => {
                if (columns) setVisibility(columns);
                setLookup(next, viewId);
              }}
              onDeleted={() => setLookup(lookup)}
            />
            <ExportCsvButton params={params} />
            <Button
              onClick={() => void query.refetch()}
              loading={query.isRefetching && !query.isFetchingNextPage}
            >
              Refresh
            </Button>
          </>
        }
      />
      <Outlet />
    </div>
  );
}

/** Downloads the server's CSV of every order the current search and filters match. */
function ExportCsvButton({ params }: { params: Record<string, string> }) {
  const client = useApiClient();
  const sessions = useStaffSessionStore();
  const { message } = App.useApp();
  const [exporting, setExporting] = useState(false);
  const exportCsv = async () => {
    const token = sessions.token();
    if (!token) return;
    setExporting(true);
    try {
      const { fileName } = await downloadOrdersCsv({
        staffBase: client.bases.staff,
        token,
        params,
      });
      void message.success(`Downloaded ${fileName}.`);
    } catch (error) {
      if (isApiError(error) && error.status === 401) sessions.signOut('expired');
      else void message.error(apiErrorText(error));
    } finally {
      setExporting(false);
    }
  };
  return (
    <Button onClick={exportCsv} loading={exporting}>
      Export CSV
    </Button>
  );
}
