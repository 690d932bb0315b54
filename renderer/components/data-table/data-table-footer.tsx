import { Button, Spin } from 'antd';
import type { DataTablePaging } from './data-table-types';

const count = (n: number) => n.toLocaleString('en-US');

/** Below the last row: more on its way, a failed page to retry, the hold limit, or the end. */
export function DataTableFooter({
  rowCount,
  paging,
}: {
  rowCount: number;
  paging: DataTablePaging | undefined;
}) {
  let content: React.ReactNode;
  if (paging?.loadMoreError) {
    content = (
      <span role="alert">
        {paging.loadMoreError}{' '}
        <Button size="small" onClick={paging.loadMore}>
          Try again
        </Button>
      </span>
    );
  } else if (paging?.loadingMore) {
    content = (
      <span>
        <Spin size="small" /> Loading more rows…
      </span>
    );
  } else if (paging?.limitReached) {
    content = `Showing the first ${count(rowCount)} rows. Narrow the search to see the others.`;
  } else if (paging?.hasMore) {
    content = `${count(rowCount)} rows loaded. Scroll down for more.`;
  } else {
    content = `${count(rowCount)} ${rowCount === 1 ? 'row' : 'rows'}.`;
  }
  return (
    <div className="dt-footer" aria-live="polite">
      {content}
    </div>
  );
}
