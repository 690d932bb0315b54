import { formatUsd } from '../../../shared/cart/money';
import type { CartTotals } from '../../../shared/cart/totals';

export interface CartTotalsViewProps {
  totals: CartTotals;
  /** A label for the discount row, e.g. the promo code applied. */
  discountLabel?: string;
}

/** Subtotal, consult fee (once), discount, sales tax, shipping and total, as a definition list. */
export function CartTotalsView({ totals, discountLabel }: CartTotalsViewProps) {
  const rows: { label: string; value: string; testId: string }[] = [
    { label: 'Subtotal', value: formatUsd(totals.subtotalCents), testId: 'subtotal' },
  ];
  if (totals.consultFeeCents > 0) {
    rows.push({
      label: 'Consult fee',
      value: formatUsd(totals.consultFeeCents),
      testId: 'consult-fee',
    });
  }
  if (totals.discountCents > 0) {
    rows.push({
      label: discountLabel ? `Discount (${discountLabel})` : 'Discount',
      value: `-${formatUsd(totals.discountCents)}`,
      testId: 'discount',
    });
  }
  rows.push(
    { label: 'Sales tax', value: formatUsd(totals.salesTaxCents), testId: 'sales-tax' },
    { label: 'Shipping', value: formatUsd(totals.shippingCents), testId: 'shipping' },
  );
  return (
    <dl className="cart-totals" aria-label="Order totals">
      {rows.map((row) => (
        <div key={row.testId} className="cart-totals__row" data-testid={`total-${row.testId}`}>
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
      <div className="cart-totals__row cart-totals__row--total" data-testid="total-total">
        <dt>Total</dt>
        <dd>{formatUsd(totals.totalCents)}</dd>
      </div>
    </dl>
  );
}
