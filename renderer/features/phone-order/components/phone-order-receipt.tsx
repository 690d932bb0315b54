import { Alert, Button, Flex, Result } from 'antd';
import type { ReactNode } from 'react';
import { formatUsd } from '../../../../shared/cart/money';
import type { PhoneOrderData } from '../../../../shared/contracts/phone-orders';

export interface PhoneOrderReceiptProps {
  result: PhoneOrderData;
  patientName: string;
  /** The order's lines and totals (the checkout's OrderSummary). */
  summary: ReactNode;
  onPrint: () => void;
  onSend: () => void;
  sending: boolean;
  /** What happened to the last "Send receipt": a confirmation or a failure to show. */
  sendFeedback: { type: 'success' | 'error'; text: string } | null;
  onNewOrder: () => void;
  onOpenPatient: () => void;
}

function expiresOn(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric' });
}

/**
 * The end of a phone order: the order number and what was charged, or the payment link that
 * went out; then print or send the receipt. Presentational: no fetching, no router.
 */
export function PhoneOrderReceipt(props: PhoneOrderReceiptProps) {
  const { result } = props;
  const paid = result.outcome === 'paid';
  const title = paid ? `Order ${result.orderNumber} placed` : 'Payment link sent';
  const subTitle = paid
    ? `${formatUsd(result.amountCents)} charged to ${result.card.brand} •••• ${result.card.last4} for ${props.patientName}.` +
      (result.receiptSentTo ? ` The receipt was emailed to ${result.receiptSentTo}.` : '')
    : `${props.patientName} received a link by ${result.channel === 'sms' ? 'SMS' : 'email'} at ${result.linkSentTo} to pay ${formatUsd(result.totals.totalCents)}. The order is placed when it is paid (the link expires on ${expiresOn(result.expiresAt)}).`;

  return (
    <Flex vertical gap={16} className="phone-order-receipt">
      <Result
        status={paid ? 'success' : 'info'}
        title={<span data-testid="receipt-title">{title}</span>}
        subTitle={subTitle}
        extra={[
          paid ? (
            <Button key="print" type="primary" onClick={props.onPrint}>
              Print receipt
            </Button>
          ) : null,
          paid ? (
            <Button key="send" onClick={props.onSend} loading={props.sending}>
              Send receipt
            </Button>
          ) : null,
          <Button key="patient" onClick={props.onOpenPatient}>
            Open patient
          </Button>,
          <Button key="new" onClick={props.onNewOrder}>
            New phone order
          </Button>,
        ]}
      />
      {props.sendFeedback ? (
        <Alert
          type={props.sendFeedback.type}
          showIcon
          role={props.sendFeedback.type === 'error' ? 'alert' : 'status'}
          title={props.sendFeedback.text}
        />
      ) : null}
      {props.summary}
    </Flex>
  );
}
