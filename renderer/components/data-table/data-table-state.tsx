import { Button, Empty, Result, Spin } from 'antd';
import type { ReactNode } from 'react';
import type { DataTableStatus } from './data-table-types';

/** What the grid shows instead of rows: the first load, a failure, or nothing found. */
export function DataTableState({
  status,
  empty,
  error,
  emptyText,
  onRetry,
}: {
  status: DataTableStatus;
  empty: boolean;
  error?: ReactNode;
  emptyText?: ReactNode;
  onRetry?(): void;
}) {
  if (status === 'pending') {
    return (
      <div className="dt-state">
        <Spin description="Loading…" />
      </div>
    );
  }
  if (status === 'error') {
    return (
      <div className="dt-state" role="alert">
        <Result
          status="warning"
          title={error ?? 'The rows could not be loaded.'}
          extra={onRetry ? <Button onClick={onRetry}>Try again</Button> : undefined}
        />
      </div>
    );
  }
  if (empty) {
    return (
      <div className="dt-state">
        <Empty description={emptyText ?? 'No rows match.'} />
      </div>
    );
  }
  return null;
}
