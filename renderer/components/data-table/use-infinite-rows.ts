import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { type ReactNode, useCallback, useMemo } from 'react';
import type { DataTablePaging, DataTableStatus } from './data-table-types';

/** DESIGN §7: a console table holds at most this many rows in memory. */
export const MAX_TABLE_ROWS = 10_000;

export interface InfiniteRows<Row> {
  rows: readonly Row[];
  status: DataTableStatus;
  paging: DataTablePaging;
}

const noRows: readonly never[] = [];

/**
 * The rows of a keyset-paged infinite query as a DataTable wants them: every loaded page in
 * one list (cut at MAX_TABLE_ROWS), with paging that stops asking once the limit is reached.
 * `rowsOf` must be stable (module scope), or the list is rebuilt on every render.
 */
export function useInfiniteRows<Page, Row>(
  query: UseInfiniteQueryResult<InfiniteData<Page>, unknown>,
  rowsOf: (page: Page) => readonly Row[],
  describeError: (error: unknown) => ReactNode,
  maxRows: number = MAX_TABLE_ROWS,
): InfiniteRows<Row> {
  const pages = query.data?.pages;
  const rows = useMemo(() => {
    if (!pages) return noRows;
    const all = pages.length === 1 && pages[0] ? rowsOf(pages[0]) : pages.flatMap(rowsOf);
    return all.length > maxRows ? all.slice(0, maxRows) : all;
  }, [pages, rowsOf, maxRows]);

  const limitReached = rows.length >= maxRows;
  const {
    fetchNextPage,
    hasNextPage,
    isFetching,
    isFetchingNextPage,
    isFetchNextPageError,
    isPlaceholderData,
  } = query;
  const loadMore = useCallback(() => {
    void fetchNextPage({ cancelRefetch: false });
  }, [fetchNextPage]);

  // A failed refetch of loaded rows keeps showing them; only a failed first load is an error.
  const status: DataTableStatus = query.data ? 'success' : query.isError ? 'error' : 'pending';
  const paging = useMemo<DataTablePaging>(
    () => ({
      // Placeholder rows belong to the previous search: their cursor is not this one's.
      hasMore: hasNextPage && !limitReached && !isPlaceholderData,
      loadingMore: isFetchingNextPage,
      refreshing: isPlaceholderData || (isFetching && !isFetchingNextPage),
      loadMoreError: isFetchNextPageError ? describeError(query.error) : null,
      limitReached: limitReached && hasNextPage,
      loadMore,
    }),
    [
      hasNextPage,
      limitReached,
      isPlaceholderData,
      isFetching,
      isFetchingNextPage,
      isFetchNextPageError,
      describeError,
      query.error,
      loadMore,
    ],
  );
  return { rows, status, paging };
}
