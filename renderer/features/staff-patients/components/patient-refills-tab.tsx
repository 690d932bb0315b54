import { Table, Tag } from 'antd';
import type { ReactNode } from 'react';
import type { AutoRefillData } from '../../../../shared/contracts/auto-refill';
import { cardLabel } from '../../../../shared/payments/card-label';
import { formatDate } from '../../../components/format';

export type RefillActionsRenderer = (refill: AutoRefillData) => ReactNode;

const stateTag = (refill: AutoRefillData) => {
  if (!refill.active) return <Tag>Stopped</Tag>;
  return refill.pausedAt ? <Tag color="gold">Paused</Tag> : <Tag color="green">Active</Tag>;
};

/** A patient's auto-refills as staff see them, with the actions their role may take. */
export function PatientRefillsTab(props: {
  refills: readonly AutoRefillData[];
  renderActions?: RefillActionsRenderer | undefined;
}) {
  return (
    <Table
      size="small"
      rowKey="autoRefillId"
      pagination={false}
      dataSource={[...props.refills]}
      locale={{ emptyText: 'No auto-refills.' }}
      columns={[
        { title: 'Product', dataIndex: 'displayName' },
        { title: 'Qty', dataIndex: 'qty', align: 'right' },
        { title: 'Every', dataIndex: 'intervalDays', render: (days: number) => `${days} days` },
        { title: 'Next', dataIndex: 'nextRunAt', render: formatDate },
        {
          title: 'Card',
          dataIndex: 'card',
          render: (card: AutoRefillData['card']) =>
            card ? cardLabel(card.brand, card.last4) : '—',
        },
        {
          title: 'Ships to',
          dataIndex: 'shipTo',
          render: (to: AutoRefillData['shipTo']) =>
            to ? `${to.line1}, ${to.city}, ${to.state} ${to.zip}` : '—',
        },
        { title: 'State', key: 'state', render: (_, refill) => stateTag(refill) },
        { title: 'Last result', dataIndex: 'lastResult', render: (v: string | null) => v ?? '—' },
        ...(props.renderActions
          ? [
              {
                title: 'Actions',
                key: 'actions',
                render: (_: unknown, refill: AutoRefillData) => props.renderActions?.(refill),
              },
            ]
          : []),
      ]}
    />
  );
}
