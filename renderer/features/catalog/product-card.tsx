import '../../components/button.css';
import { formatUsd } from '../../../shared/cart/money';
import type { ProductData } from '../../../shared/contracts/catalog';
import { AppLink } from '../../components/app-link';
import { LazyImage } from '../../components/lazy-image';

export interface ProductCardProps {
  product: ProductData;
  /** START ONLINE VISIT for a product that needs a consult, ADD TO CART otherwise. */
  actionLabel: string;
  onAction: (product: ProductData) => void;
  busy?: boolean;
  disabled?: boolean;
}

/**
 * One product of the storefront: thumbnail, name, description, price and consult fee. Plain
 * markup styled by the app (no antd): it is the first page's content, kept light.
 */
export function ProductCard({ product, actionLabel, onAction, busy, disabled }: ProductCardProps) {
  const headingId = `product-${product.productId}-name`;
  return (
    <article className="product-card" aria-labelledby={headingId}>
      <LazyImage
        className="product-card__image"
        src={product.thumbnail}
        alt=""
        width={320}
        height={200}
      />
      <div className="product-card__body">
        <h3 id={headingId} className="product-card__name">
          <AppLink href={`/products/${product.productId}`} className="product-card__link">
            {product.displayName}
          </AppLink>
        </h3>
        <p className="product-card__description">{product.description}</p>
        <p className="product-card__price">
          <span className="product-card__amount">{formatUsd(product.priceCents)}</span>
          {product.consultFeeCents > 0 && (
            <span className="product-card__consult">
              + {formatUsd(product.consultFeeCents)} consult fee
            </span>
          )}
        </p>
        <button
          type="button"
          className="button button--primary button--block"
          aria-busy={busy || undefined}
          disabled={busy || disabled}
          aria-describedby={headingId}
          onClick={() => onAction(product)}
        >
          {actionLabel}
        </button>
      </div>
    </article>
  );
}
