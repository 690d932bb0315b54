import { formatUsd } from '../../../shared/cart/money';
import type { CartTotals } from '../../../shared/cart/totals';
import { cardInWords } from '../../../shared/payments/card-label';
import type { OutgoingMessage } from '../../integrations/notifier/notifier';

export interface ReceiptInput {
  to: string;
  orderNumber: string;
  paidAt: Date;
  items: readonly { name: string; qty: number; unitPriceCents: number }[];
  totals: CartTotals;
  card: { brand: string; last4: string } | null;
}

/** The receipt email of a paid order: what was bought and charged. Never more of the card than its last 4. */
export function receiptEmail(input: ReceiptInput): OutgoingMessage {
  const { totals } = input;
  const lines = [
    'Thank you for your order.',
    '',
    `Order number: ${input.orderNumber}`,
    `Paid on: ${input.paidAt.toISOString().slice(0, 10)}`,
    '',
    ...input.items.map(
      (item) => `${item.name} x ${item.qty}: ${formatUsd(item.unitPriceCents * item.qty)}`,
    ),
    '',
    `Subtotal: ${formatUsd(totals.subtotalCents)}`,
  ];
  if (totals.consultFeeCents > 0) lines.push(`Consult fee: ${formatUsd(totals.consultFeeCents)}`);
  if (totals.discountCents > 0) lines.push(`Discount: ${formatUsd(-totals.discountCents)}`);
  if (totals.salesTaxCents > 0) lines.push(`Sales tax: ${formatUsd(totals.salesTaxCents)}`);
  lines.push(`Shipping: ${formatUsd(totals.shippingCents)}`);
  lines.push(`Total: ${formatUsd(totals.totalCents)}`);
  if (input.card) {
    lines.push('', `Paid with ${cardInWords(input.card)}.`);
  }
  return {
    channel: 'email',
    to: input.to,
    subject: `Your receipt for order ${input.orderNumber}`,
    body: lines.join('\n'),
  };
}
