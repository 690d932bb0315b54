import { App, Button, Form, Input, InputNumber, Space, Typography } from 'antd';
import { useState } from 'react';
import { formatMoney, toCents } from '../../../shared/cart/money';
import type { StaffOrderAction, StaffOrderDetail } from '../../../shared/contracts/staff-orders';
import { apiErrorText } from '../../components/api-error-text';
import { ActionDialog } from './action-dialog';
import { useCancelOrder } from './cancel-order';
import { useRefundOrder } from './refund-order';
import { useReorderOrder } from './reorder-order';
import { useResendReceipt } from './resend-receipt';

const buttonLabels: Record<StaffOrderAction, string> = {
  reorder: 'Reorder',
  'resend-receipt': 'Resend receipt',
  cancel: 'Cancel order',
  refund: 'Refund',
};

/**
 * The actions the server says this staff member may take on the order now, each behind a
 * confirmation. The server decides (role and order state); nothing is offered it would refuse.
 */
export function OrderActions({ detail }: { detail: StaffOrderDetail }) {
  const [open, setOpen] = useState<StaffOrderAction | null>(null);
  if (detail.allowedActions.length === 0) return null;
  return (
    <>
      <Space wrap size={8} className="order-actions" role="group" aria-label="Order actions">
        {detail.allowedActions.map((action) => (
          <Button
            key={action}
            danger={action === 'cancel' || action === 'refund'}
            onClick={() => setOpen(action)}
          >
            {buttonLabels[action]}
          </Button>
        ))}
      </Space>
      {open === 'reorder' && <ReorderDialog detail={detail} onClose={() => setOpen(null)} />}
      {open === 'resend-receipt' && <ResendDialog detail={detail} onClose={() => setOpen(null)} />}
      {open === 'cancel' && <CancelDialog detail={detail} onClose={() => setOpen(null)} />}
      {open === 'refund' && <RefundDialog detail={detail} onClose={() => setOpen(null)} />}
    </>
  );
}

interface DialogProps {
  detail: StaffOrderDetail;
  onClose(): void;
}

function ReorderDialog({ detail, onClose }: DialogProps) {
  const { message } = App.useApp();
  const reorder = useReorderOrder(detail.order.orderId);
  const name = detail.patient?.name ?? 'the patient';
  return (
    <ActionDialog
      open
      title="Reorder"
      okText="Reorder"
      pending={reorder.isPending}
      error={reorder.error ? apiErrorText(reorder.error) : null}
      onCancel={onClose}
      onOk={() =>
        reorder.mutate(undefined, {
          onSuccess: () => {
            void message.success(`The products were added to ${name}'s cart.`);
            onClose();
          },
        })
      }
    >
      <Typography.Paragraph>
        Add this order's products to {name}'s cart? The patient, or you in a phone order, then
        completes the checkout.
      </Typography.Paragraph>
    </ActionDialog>
  );
}

function ResendDialog({ detail, onClose }: DialogProps) {
  const { message } = App.useApp();
  const resend = useResendReceipt(detail.order.orderId);
  const email = detail.patient?.email ?? 'the patient';
  return (
    <ActionDialog
      open
      title="Resend receipt"
      okText="Send"
      pending={resend.isPending}
      error={resend.error ? apiErrorText(resend.error) : null}
      onCancel={onClose}
      onOk={() =>
        resend.mutate(undefined, {
          onSuccess: () => {
            void message.success(`The receipt was sent to ${email}.`);
            onClose();
          },
        })
      }
    >
      <Typography.Paragraph>Email the receipt of this order to {email} again?</Typography.Paragraph>
    </ActionDialog>
  );
}

function CancelDialog({ detail, onClose }: DialogProps) {
  const { message } = App.useApp();
  const cancel = useCancelOrder(detail.order.orderId);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const submit = () => {
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    cancel.mutate(
      { reason: reason.trim() },
      {
        onSuccess: () => {
          void message.success('The order was cancelled.');
          onClose();
        },
      },
    );
  };
  return (
    <ActionDialog
      open
      danger
      title="Cancel order"
      okText="Cancel order"
      pending={cancel.isPending}
      error={cancel.error ? apiErrorText(cancel.error) : null}
      onCancel={onClose}
      onOk={submit}
    >
      <Typography.Paragraph>
        The order stops here: it is not filled or shipped, and a held visit time is let go. A
        payment is not refunded by cancelling.
      </Typography.Paragraph>
      <ReasonField
        value={reason}
        missing={missing}
        onChange={(v) => {
          setReason(v);
          setMissing(false);
        }}
      />
    </ActionDialog>
  );
}

function RefundDialog({ detail, onClose }: DialogProps) {
  const { message } = App.useApp();
  const refund = useRefundOrder(detail.order.orderId);
  // One key for this dialog: a retry after a timeout is the same refund, not a second one.
  const [idempotencyKey] = useState(newIdempotencyKey);
  const paidCents = detail.payments
    .filter((payment) => payment.status === 'succeeded')
    .reduce((sum, payment) => sum + payment.amountCents, 0);
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const [amount, setAmount] = useState<string | null>(formatMoney(paidCents));
  const [amountError, setAmountError] = useState<string | null>(null);

  const submit = () => {
    let amountCents: number | undefined;
    try {
      amountCents = amount ? toCents(amount) : undefined;
    } catch {
      amountCents = -1;
    }
    if (amountCents !== undefined && (amountCents <= 0 || amountCents > paidCents)) {
      setAmountError(`Enter an amount from $0.01 to $${formatMoney(paidCents)}.`);
      return;
    }
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    refund.mutate(
      {
        reason: reason.trim(),
        ...(amountCents !== undefined && amountCents !== paidCents ? { amountCents } : {}),
        idempotencyKey,
      },
      {
        onSuccess: () => {
          void message.success('The refund was made.');
          onClose();
        },
      },
    );
  };
  return (
    <ActionDialog
      open
      danger
      title="Refund"
      okText="Refund"
      pending={refund.isPending}
      error={refund.error ? apiErrorText(refund.error) : null}
      onCancel={onClose}
      onOk={submit}
    >
      <Typography.Paragraph>
        The money goes back to the card it was paid with. Paid: ${formatMoney(paidCents)}.
      </Typography.Paragraph>
      <Form layout="vertical" component="div">
        <Form.Item
          label="Amount to refund ($)"
          htmlFor="refund-amount"
          validateStatus={amountError ? 'error' : undefined}
          help={amountError ?? 'The whole payment unless you change it.'}
        >
          <InputNumber<string>
            id="refund-amount"
            stringMode
            min="0.01"
            step="0.01"
            precision={2}
            value={amount}
            onChange={(value) => {
              setAmount(value);
              setAmountError(null);
            }}
            style={{ width: 160 }}
          />
        </Form.Item>
      </Form>
      <ReasonField
        value={reason}
        missing={missing}
        onChange={(v) => {
          setReason(v);
          setMissing(false);
        }}
      />
    </ActionDialog>
  );
}

function ReasonField({
  value,
  missing,
  onChange,
}: {
  value: string;
  missing: boolean;
  onChange(value: string): void;
}) {
  return (
    <Form layout="vertical" component="div">
      <Form.Item
        label="Reason"
        htmlFor="action-reason"
        validateStatus={missing ? 'error' : undefined}
        help={missing ? 'Please give a reason.' : 'Kept in the order history and the audit log.'}
      >
        <Input.TextArea
          id="action-reason"
          autoFocus
          rows={3}
          maxLength={500}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      </Form.Item>
    </Form>
  );
}

/** 32 random hex digits (getRandomValues works on plain http too, unlike randomUUID). */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
