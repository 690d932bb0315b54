import { Tag } from 'antd';

const colors: Record<string, string> = {
  cart: 'default',
  'awaiting-payment': 'gold',
  paid: 'blue',
  'in-review': 'purple',
  approved: 'cyan',
  shipped: 'geekblue',
  delivered: 'green',
  cancelled: 'red',
  refunded: 'volcano',
  disqualified: 'red',
};

/** An order's status, coloured so a list can be scanned. */
export function OrderStatusTag({ status }: { status: string }) {
  return <Tag color={colors[status] ?? 'default'}>{status}</Tag>;
}
