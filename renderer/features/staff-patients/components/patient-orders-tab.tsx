import { Button, Flex, Table } from 'antd';
import { useState } from 'react';
import { formatUsd } from '../../../../shared/cart/money';
import type { OrderSummary } from '../../../../shared/contracts/order-history';
import type { PatientViewData } from '../../../../shared/contracts/staff-patients';
import { formatDateTime } from '../../../components/format';
import { OrderStatusTag } from '../../../components/order-status-tag';
import { usePatientOlderOrders } from '../patient-orders';

interface Props {
  userId: string;
  orders: PatientViewData['orders'];
  onOpenOrder?: (orderId: string) => void;
}

/** The patient's orders, newest first; older pages load on request (keyset paged). */
export function PatientOrdersTab({ userId, orders, onOpenOrder }: Props) {
  const [wantMore, setWantMore] = useState(false);
  const older = usePatientOlderOrders(userId, orders.nextCursor, wantMore);
  const rows = [...orders.items, ...(older.data?.pages.flatMap((page) => page.items) ?? [])];
  const hasMore = wantMore ? older.hasNextPage : orders.nextCursor !== null;

  const loadMore = () => {
    if (!wantMore) setWantMore(true);
    else void older.fetchNextPage();
  };

  return (
    <Flex vertical gap={12}>
      <Table<OrderSummary>
        size="small"
        rowKey="orderId"
        dataSource={rows}
        pagination={false}
        locale={{ emptyText: 'No orders yet.' }}
        onRow={(row) => ({
          onClick: onOpenOrder ? () => onOpenOrder(row.orderId) : undefined,
          onKeyDown: (event) => {
            if (event.key === 'Enter' && onOpenOrder) onOpenOrder(row.orderId);
          },
          tabIndex: onOpenOrder ? 0 : undefined,
          style: onOpenOrder ? { cursor: 'pointer' } : undefined,
        })}
        columns={[
          {
            title: 'Order',
            dataIndex: 'orderNumber',
            render: (value: string | null) => value ?? 'Not placed',
          },
          { title: 'Placed', dataIndex: 'placedAt', render: formatDateTime },
          {
            title: 'Status',
            dataIndex: 'status',
            render: (status: string) => <OrderStatusTag status={status} />,
          },
          {
            title: 'Items',
            key: 'items',
            render: (_, row) =>
              row.items.map((item) => `${item.displayName} × ${item.qty}`).join(', '),
          },
          {
            title: 'Total',
            dataIndex: 'totalCents',
            align: 'right',
            render: (cents: number) => formatUsd(cents),
          },
        ]}
      />
      {hasMore ? (
        <Button onClick={loadMore} loading={older.isFetching} style={{ alignSelf: 'center' }}>
          Load older orders
        </Button>
      ) : null}
    </Flex>
  );
}
