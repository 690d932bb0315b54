import type { ReceiptData } from '../../../shared/contracts/order-history';

export interface ReceiptViewProps {
  receipt: ReceiptData;
  statusLabel?: string;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

/** A placed order's receipt: items, amounts, shipping address and payment method. */
export function ReceiptView({ receipt, statusLabel }: ReceiptViewProps) {
  const amounts: [string, string][] = [
    ['Subtotal', receipt.subtotal],
    ['Consult fee', receipt.consultFee],
    ['Discount', receipt.discount === '0.00' ? '0.00' : `-${receipt.discount}`],
    ['Sales tax', receipt.salesTax],
    ['Shipping', receipt.shipping],
  ];
  return (
    <section className="receipt" aria-labelledby="receipt-title">
      <header className="receipt__header">
        <h2 id="receipt-title">
          Receipt{receipt.orderNumber ? ` for order ${receipt.orderNumber}` : ''}
        </h2>
        <p>
          Placed {dateFormat.format(new Date(receipt.placedAt))}
          {statusLabel ? <span className="status-tag">{statusLabel}</span> : null}
        </p>
      </header>
      <table className="receipt__items">
        <caption className="visually-hidden">Items</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Qty</th>
            <th scope="col">Price</th>
            <th scope="col">Total</th>
          </tr>
        </thead>
        <tbody>
          {receipt.items.map((item) => (
            <tr key={`${item.name}-${item.unitPrice}`}>
              <td>{item.name}</td>
              <td>{item.qty}</td>
              <td>${item.unitPrice}</td>
              <td>${item.lineTotal}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="cart-totals">
        {amounts.map(([label, value]) => (
          <div key={label} className="cart-totals__row">
            <dt>{label}</dt>
            <dd>{value.startsWith('-') ? `-$${value.slice(1)}` : `$${value}`}</dd>
          </div>
        ))}
        <div className="cart-totals__row cart-totals__row--total">
          <dt>Total</dt>
          <dd>${receipt.total}</dd>
        </div>
      </dl>
      <div className="receipt__columns">
        {receipt.shipTo && (
          <div>
            <h3>Shipped to</h3>
            <address>
              {receipt.shipTo.fullName}
              <br />
              {receipt.shipTo.line1}
              {receipt.shipTo.line2 ? (
                <>
                  <br />
                  {receipt.shipTo.line2}
                </>
              ) : null}
              <br />
              {receipt.shipTo.city}, {receipt.shipTo.state} {receipt.shipTo.zip}
            </address>
          </div>
        )}
        <div>
          <h3>Payment</h3>
          <p>{receipt.paymentMethod ?? 'Not paid by card'}</p>
        </div>
        <div>
          <h3>Questions?</h3>
          <p>
            {receipt.storefront.name}
            <br />
            {receipt.storefront.phone}
            <br />
            {receipt.storefront.email}
          </p>
        </div>
      </div>
    </section>
  );
}
