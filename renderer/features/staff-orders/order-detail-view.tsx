import { Button, Descriptions, Space, Table, Tag, Timeline, Typography } from 'antd';
import type { ReactNode } from 'react';
import type { StaffOrderDetail } from '../../../shared/contracts/staff-orders';
import { OrderStatusTag, staffStatusLabel } from '../../components/order-status-tag';
import { show, sourceLabels, visitTypeLabels } from './format';

export interface OrderDetailViewProps {
  detail: StaffOrderDetail;
  /** The actions the server allows this staff member now (rendered by the caller). */
  actions?: ReactNode;
  onOpenPatient?(userId: string): void;
}

type Payment = StaffOrderDetail['payments'][number];
type Item = StaffOrderDetail['order']['items'][number];

/** Everything about one order an agent is asked about on the phone, top to bottom. */
export function OrderDetailView({ detail, actions, onOpenPatient }: OrderDetailViewProps) {
  const { order, patient, visit } = detail;
  return (
    <div className="order-detail">
      <Space wrap size={8} className="order-detail-summary">
        <OrderStatusTag status={order.status} />
        <Typography.Text type="secondary">
          Created {show.dateTime(order.createdAt)}
          {order.paidAt ? ` · paid ${show.dateTime(order.paidAt)}` : ''}
          {` · ${sourceLabels[detail.source] ?? detail.source}`}
          {detail.placedByAgent ? ` · placed by ${detail.placedByAgent}` : ''}
        </Typography.Text>
      </Space>
      {actions}

      <Section title="Patient">
        {patient ? (
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label="Name">
              {onOpenPatient ? (
                <Button type="link" size="small" onClick={() => onOpenPatient(patient.userId)}>
                  {patient.name}
                </Button>
              ) : (
                patient.name
              )}
            </Descriptions.Item>
            <Descriptions.Item label="Email">{patient.email}</Descriptions.Item>
            <Descriptions.Item label="Phone">{show.phone(patient.phone)}</Descriptions.Item>
            <Descriptions.Item label="Date of birth">
              {show.day(patient.dateOfBirth)}
            </Descriptions.Item>
          </Descriptions>
        ) : (
          <Typography.Text>Guest order (no patient account).</Typography.Text>
        )}
      </Section>

      <Section title="Items">
        <Table<Item>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={order.items}
          columns={[
            { title: 'Product', dataIndex: 'displayName' },
            { title: 'Type', dataIndex: 'type', render: (type: string) => type.toUpperCase() },
            { title: 'Qty', dataIndex: 'qty', align: 'right' },
            {
              title: 'Unit price',
              align: 'right',
              render: (_: unknown, item) => show.money(item.priceCents),
            },
            {
              title: 'Line total',
              align: 'right',
              render: (_: unknown, item) => show.money(item.priceCents * item.qty),
            },
          ]}
        />
      </Section>

      <Section title="Totals">
        <Descriptions
          size="small"
          column={1}
          bordered
          className="order-totals"
          style={{ maxWidth: 420 }}
        >
          <Descriptions.Item label="Subtotal">
            {show.money(order.totals.subtotalCents)}
          </Descriptions.Item>
          <Descriptions.Item label="Consult fee">
            {show.money(order.totals.consultFeeCents)}
          </Descriptions.Item>
          <Descriptions.Item label={order.coupon ? `Discount (${order.coupon.code})` : 'Discount'}>
            {order.totals.discountCents > 0
              ? `-${show.money(order.totals.discountCents)}`
              : show.money(0)}
          </Descriptions.Item>
          <Descriptions.Item label="Sales tax">
            {show.money(order.totals.salesTaxCents)}
          </Descriptions.Item>
          <Descriptions.Item
            label={order.carrier ? `Shipping (${order.carrier.name})` : 'Shipping'}
          >
            {show.money(order.totals.shippingCents)}
          </Descriptions.Item>
          <Descriptions.Item label="Total">
            <strong>{show.money(order.totals.totalCents)}</strong>
          </Descriptions.Item>
        </Descriptions>
      </Section>

      <Section title="Payments">
        <Table<Payment>
          size="small"
          rowKey="paymentId"
          pagination={false}
          dataSource={detail.payments}
          locale={{ emptyText: 'No payments.' }}
          columns={[
            { title: 'When', dataIndex: 'at', render: (at: string) => show.dateTime(at) },
            {
              title: 'Card',
              render: (_: unknown, p) =>
                p.last4 ? `${capitalize(p.brand ?? 'Card')} •••• ${p.last4}` : '—',
            },
            {
              title: 'Amount',
              align: 'right',
              render: (_: unknown, p) => show.money(p.amountCents),
            },
            {
              title: 'Result',
              render: (_: unknown, p) => (
                <Tag
                  color={
                    p.status === 'succeeded'
                      ? 'green'
                      : p.status === 'refunded'
                        ? 'volcano'
                        : p.status === 'pending'
                          ? 'gold'
                          : 'red'
                  }
                >
                  {p.status}
                  {p.declineCode ? ` (${p.declineCode})` : ''}
                </Tag>
              ),
            },
          ]}
        />
      </Section>

      <Section title="Shipping">
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label="Ship to">
            <AddressLines address={order.addresses.Shipping} />
          </Descriptions.Item>
          <Descriptions.Item label="Method">
            {order.carrier ? `${order.carrier.name} (${order.carrier.carrier})` : '—'}
          </Descriptions.Item>
        </Descriptions>
      </Section>

      <Section title="Pharmacy">
        {order.pharmacy ? (
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label="Name">{order.pharmacy.pharmacyName}</Descriptions.Item>
            <Descriptions.Item label="Address">
              {`${order.pharmacy.address}, ${order.pharmacy.city}, ${order.pharmacy.state} ${order.pharmacy.zip}`}
            </Descriptions.Item>
            <Descriptions.Item label="Phone">{show.phone(order.pharmacy.phone)}</Descriptions.Item>
            {order.pharmacy.npi && (
              <Descriptions.Item label="NPI">{order.pharmacy.npi}</Descriptions.Item>
            )}
          </Descriptions>
        ) : (
          <Typography.Text>
            {order.acceptInternalPharmacy
              ? "Filled by the storefront's own pharmacy."
              : 'No pharmacy chosen.'}
          </Typography.Text>
        )}
      </Section>

      <Section title="Doctor and visit">
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label="Visit type">
            {visit.visitType ? (visitTypeLabels[visit.visitType] ?? visit.visitType) : 'No consult'}
          </Descriptions.Item>
          <Descriptions.Item label="Doctor">{visit.doctor?.name ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Visit time">
            {visit.slot
              ? `${show.dateTime(visit.slot.startsAt)} – ${show.dateTime(visit.slot.endsAt)} (${visit.slot.state})`
              : '—'}
          </Descriptions.Item>
        </Descriptions>
      </Section>

      <Section title="Status history">
        <Timeline
          items={detail.statusHistory.map((change, index) => ({
            key: `${change.at}-${index}`,
            content: (
              <>
                <Typography.Text strong>{staffStatusLabel(change.to)}</Typography.Text>
                <Typography.Text type="secondary"> · {show.dateTime(change.at)}</Typography.Text>
                {change.note && <div>{change.note}</div>}
              </>
            ),
          }))}
        />
      </Section>
    </div>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="order-detail-section" aria-label={title}>
      <Typography.Title level={3} style={{ fontSize: 16, margin: '0 0 8px' }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}

function AddressLines({
  address,
}: {
  address: StaffOrderDetail['order']['addresses']['Shipping'];
}) {
  if (!address) return <>—</>;
  return (
    <>
      <div>{address.fullName}</div>
      <div>
        {address.line1}
        {address.line2 ? `, ${address.line2}` : ''}
      </div>
      <div>{`${address.city}, ${address.state} ${address.zip}`}</div>
      {address.phone && <div>{show.phone(address.phone)}</div>}
    </>
  );
}

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
