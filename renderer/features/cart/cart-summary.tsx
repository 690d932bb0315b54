import type { CartTotals } from '../../../shared/cart/totals';
import type { CartItemData } from '../../../shared/contracts/orders';
import { messages } from '../../../shared/errors/messages';
import { CartLine } from './cart-line';
import { CartTotalsView } from './cart-totals-view';

export interface CartSummaryProps {
  items: readonly CartItemData[];
  totals: CartTotals;
  discountLabel?: string;
  onQuantityChange: (productId: number, qty: number) => void;
  onRemove: (productId: number) => void;
  /** While a change is being saved, the controls wait. */
  disabled?: boolean;
}

/**
 * The cart: its items with their quantities, then the totals; "Your Cart Is Empty" when it has
 * none. Presentational: the web cart drawer and the console's phone order feed it.
 */
export function CartSummary(props: CartSummaryProps) {
  if (props.items.length === 0) {
    return (
      <p className="cart-empty" role="status">
        {messages.emptyCart}
      </p>
    );
  }
  return (
    <div className="cart-summary">
      <ul className="cart-lines" aria-label="Items in your cart">
        {props.items.map((item) => (
          <CartLine
            key={item.id}
            item={item}
            onQuantityChange={props.onQuantityChange}
            onRemove={props.onRemove}
            disabled={props.disabled}
          />
        ))}
      </ul>
      <CartTotalsView totals={props.totals} discountLabel={props.discountLabel} />
    </div>
  );
}
