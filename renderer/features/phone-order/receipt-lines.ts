import { formatUsd } from '../../../shared/cart/money';
import type { ReceiptToPrint } from '../../../shared/contracts/desktop-bridge';
import type { OrderData } from '../../../shared/contracts/orders';
import type { PhoneOrderData } from '../../../shared/contracts/phone-orders';

type Paid = Extract<PhoneOrderData, { outcome: 'paid' }>;

/**
 * The receipt as plain label/value lines (the desktop bridge prints text, never HTML): the
 * order, what was bought, the totals the server charged and the card used.
 */
export function receiptToPrint(input: {
  result: Paid;
  patientName: string;
  storefrontName: string;
  order: Pick<OrderData, 'items' | 'totals' | 'coupon'>;
}): ReceiptToPrint {
  const { result, order } = input;
  const { totals } = order;
  const lines: ReceiptToPrint['lines'] = [
    { label: 'Order', value: result.orderNumber },
    { label: 'Date', value: new Date(result.paidAt).toLocaleString('en-US') },
    { label: 'Patient', value: input.patientName },
    ...order.items.map((item) => ({
      label: `${item.displayName} × ${item.qty}`,
      value: formatUsd(item.priceCents * item.qty),
    })),
    { label: 'Subtotal', value: formatUsd(totals.subtotalCents) },
  ];
  if (totals.consultFeeCents > 0) {
    lines.push({ label: 'Consult fee', value: formatUsd(totals.consultFeeCents) });
  }
  if (totals.discountCents > 0) {
    const code = order.coupon?.code;
    lines.push({
      label: code ? `Discount (${code})` : 'Discount',
      value: `-${formatUsd(totals.discountCents)}`,
    });
  }
  lines.push(
    { label: 'Sales tax', value: formatUsd(totals.salesTaxCents) },
    { label: 'Shipping', value: formatUsd(totals.shippingCents) },
    { label: 'Total charged', value: formatUsd(result.amountCents) },
    { label: 'Paid with', value: `${result.card.brand} •••• ${result.card.last4}` },
  );
  return { title: `${input.storefrontName} receipt`, lines };
}
