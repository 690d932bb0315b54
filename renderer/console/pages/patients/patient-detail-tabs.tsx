import { Table, Tabs, Tag } from 'antd';
import type { PatientViewData } from '../../../../shared/contracts/staff-patients';
import { formatDateTime, formatPhone } from '../../../components/format';
import { StaffDocumentDownload } from '../../../features/documents/staff-document-download';
import { StaffLabsPanel } from '../../../features/labs/staff-labs-panel';
import { PatientOrdersTab } from '../../../features/staff-patients/components/patient-orders-tab';
import {
  PatientRefillsTab,
  type RefillActionsRenderer,
} from '../../../features/staff-patients/components/patient-refills-tab';

type View = PatientViewData;
type Address = View['addresses'][number];

function addressLine(address: Address | null): string {
  if (!address) return '—';
  const street = [address.line1, address.line2].filter(Boolean).join(', ');
  return `${street}, ${address.city}, ${address.state} ${address.zip}`;
}

const visitColors: Record<string, string> = {
  upcoming: 'blue',
  past: 'default',
  pending: 'gold',
  cancelled: 'red',
};

interface Props {
  view: View;
  activeTab?: string;
  onTabChange?: (tab: string) => void;
  onOpenOrder?: (orderId: string) => void;
  /** What the caller's role may do to a refill (pause, resume, stop), if anything. */
  renderRefillActions?: RefillActionsRenderer | undefined;
}

/** The patient view's tabs: orders, auto-refills, addresses, cards (masked), visits, documents, labs. */
export function PatientDetailTabs({
  view,
  activeTab,
  onTabChange,
  onOpenOrder,
  renderRefillActions,
}: Props) {
  const userId = view.profile.userId;
  return (
    <Tabs
      activeKey={activeTab}
      onChange={onTabChange}
      items={[
        {
          key: 'orders',
          label: `Orders (${view.orders.items.length}${view.orders.nextCursor ? '+' : ''})`,
          children: (
            <PatientOrdersTab userId={userId} orders={view.orders} onOpenOrder={onOpenOrder} />
          ),
        },
        {
          key: 'auto-refills',
          label: `Auto-refills (${view.autoRefills.length})`,
          children: (
            <PatientRefillsTab refills={view.autoRefills} renderActions={renderRefillActions} />
          ),
        },
        {
          key: 'addresses',
          label: `Addresses (${view.addresses.length})`,
          children: (
            <Table
              size="small"
              rowKey={(row) => row.id ?? addressLine(row)}
              pagination={false}
              dataSource={view.addresses}
              locale={{ emptyText: 'No saved addresses.' }}
              columns={[
                { title: 'Name', dataIndex: 'fullName' },
                { title: 'Address', key: 'address', render: (_, row) => addressLine(row) },
                { title: 'Phone', dataIndex: 'phone', render: formatPhone },
              ]}
            />
          ),
        },
        {
          key: 'cards',
          label: `Cards (${view.cards.length})`,
          children: (
            <Table
              size="small"
              rowKey="cardId"
              pagination={false}
              dataSource={view.cards}
              locale={{ emptyText: 'No saved cards.' }}
              columns={[
                { title: 'Card', dataIndex: 'label' },
                {
                  title: 'Expires',
                  key: 'expires',
                  render: (_, card) => `${String(card.expMonth).padStart(2, '0')}/${card.expYear}`,
                },
                {
                  title: 'Default',
                  dataIndex: 'isDefault',
                  render: (isDefault: boolean) =>
                    isDefault ? <Tag color="blue">Default</Tag> : null,
                },
              ]}
            />
          ),
        },
        {
          key: 'visits',
          label: `Visits (${view.visits.length})`,
          children: (
            <Table
              size="small"
              rowKey={(row) => `${row.orderId}-${row.startsAt}`}
              pagination={false}
              dataSource={view.visits}
              locale={{ emptyText: 'No visits.' }}
              columns={[
                { title: 'When', dataIndex: 'startsAt', render: formatDateTime },
                { title: 'Doctor', key: 'doctor', render: (_, visit) => visit.doctor.name },
                {
                  title: 'Status',
                  dataIndex: 'status',
                  render: (status: string) => <Tag color={visitColors[status]}>{status}</Tag>,
                },
                {
                  title: 'Order',
                  dataIndex: 'orderNumber',
                  render: (value: string | null) => value ?? 'Not placed',
                },
              ]}
            />
          ),
        },
        {
          key: 'documents',
          label: `Documents (${view.documents.length})`,
          children: (
            <Table
              size="small"
              rowKey="documentId"
              pagination={false}
              dataSource={view.documents}
              locale={{ emptyText: 'No documents.' }}
              columns={[
                { title: 'Name', dataIndex: 'name' },
                { title: 'Type', dataIndex: 'contentType' },
                { title: 'Uploaded', dataIndex: 'uploadedAt', render: formatDateTime },
                {
                  title: '',
                  key: 'download',
                  render: (_, file) => (
                    <StaffDocumentDownload
                      patientId={userId}
                      documentId={file.documentId}
                      name={file.name}
                    />
                  ),
                },
              ]}
            />
          ),
        },
        {
          key: 'labs',
          label: 'Labs',
          children: <StaffLabsPanel userId={userId} />,
        },
      ]}
    />
  );
}
