/**
 * An order's lines and totals (spec §9: the consult fee once, discount, sales tax, shipping,
 * total, two decimals). The totals are the server's (integer cents), never recomputed here.
 *
 * Props: `items` ({id, displayName, qty, priceCents, thumbnail?}[]), `totals` (OrderTotals in
 * cents), `couponCode`, `title`. Presentational: no fetching, no router.
 */
import './checkout.css';
import { formatUsd } from '../../../shared/cart/money';

export interface SummaryLine {
  id: string;
  displayName: string;
  qty: number;
  priceCents: number;
}

export interface SummaryTotals {
  subtotalCents: number;
  consultFeeCents: number;
  discountCents: number;
  salesTaxCents: number;
  shippingCents: number;
  totalCents: number;
}

export interface OrderSummaryProps {
  items: readonly SummaryLine[];
  totals: SummaryTotals;
  couponCode?: string | null | undefined;
  title?: string | undefined;
}

export function OrderSummary(props: OrderSummaryProps) {
  const { totals } = props;
  const rows: [string, string][] = [['Subtotal', formatUsd(totals.subtotalCents)]];
  if (totals.consultFeeCents > 0) rows.push(['Consult fee', formatUsd(totals.consultFeeCents)]);
  if (totals.discountCents > 0) {
    rows.push([
      props.couponCode ? `Discount (${props.couponCode})` : 'Discount',
      `-${formatUsd(totals.discountCents)}`,
    ]);
  }
  rows.push(['Shipping', totals.shippingCents === 0 ? 'Free' : formatUsd(totals.shippingCents)]);
  rows.push(['Sales tax', formatUsd(totals.salesTaxCents)]);
  return (
    <section className="order-summary" aria-labelledby="order-summary-title">
      <h2 id="order-summary-title" className="section-title">
        {props.title ?? 'Order summary'}
      </h2>
      <ul className="summary-lines">
        {props.items.map((item) => (
          <li key={item.id} className="summary-line">
            <span>
              {item.displayName}
              <span className="summary-qty"> × {item.qty}</span>
            </span>
            <span>{formatUsd(item.priceCents * item.qty)}</span>
          </li>
        ))}
      </ul>
      <dl className="summary-totals">
        {rows.map(([label, value]) => (
          <div key={label} className="summary-row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
        <div className="summary-row summary-total">
          <dt>Total</dt>
          <dd data-testid="order-total">{formatUsd(totals.totalCents)}</dd>
        </div>
      </dl>
    </section>
  );
}
