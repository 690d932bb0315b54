import { Button, Select } from 'antd';
import { formatUsd } from '../../../shared/cart/money';
import type { CartItemData } from '../../../shared/contracts/orders';
import { LazyImage } from '../../components/lazy-image';

export interface CartLineProps {
  item: CartItemData;
  onQuantityChange: (productId: number, qty: number) => void;
  onRemove: (productId: number) => void;
  disabled?: boolean;
}

/** One cart item: thumbnail, name, unit price, a quantity from its range, and remove. */
export function CartLine({ item, onQuantityChange, onRemove, disabled }: CartLineProps) {
  const range = item.qtyRange.length > 0 ? item.qtyRange : [item.qty];
  const selectId = `cart-qty-${item.productId}`;
  return (
    <li className="cart-line" data-testid={`cart-line-${item.productId}`}>
      <LazyImage className="cart-line__image" src={item.thumbnail} alt="" width={64} height={64} />
      <div className="cart-line__body">
        <p className="cart-line__name">{item.displayName}</p>
        <p className="cart-line__meta">
          {formatUsd(item.priceCents)} each
          {item.isConsultAttached && <span> · includes an online visit</span>}
        </p>
        <div className="cart-line__actions">
          <label htmlFor={selectId} className="cart-line__qty-label">
            Quantity
          </label>
          <Select
            id={selectId}
            aria-label={`Quantity of ${item.displayName}`}
            value={item.qty}
            disabled={disabled}
            options={range.map((qty) => ({ value: qty, label: String(qty) }))}
            onChange={(qty: number) => onQuantityChange(item.productId, qty)}
            style={{ width: 88 }}
          />
          <Button
            type="link"
            disabled={disabled}
            onClick={() => onRemove(item.productId)}
            aria-label={`Remove ${item.displayName}`}
          >
            Remove
          </Button>
        </div>
      </div>
      <p className="cart-line__total">{formatUsd(item.priceCents * item.qty)}</p>
    </li>
  );
}
