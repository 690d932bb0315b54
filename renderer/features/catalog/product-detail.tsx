import '../../components/button.css';
import { formatUsd } from '../../../shared/cart/money';
import type { ProductData } from '../../../shared/contracts/catalog';
import type { ThemeFlags } from '../../../shared/theme/theme-config';
import { LazyImage } from '../../components/lazy-image';

/**
 * One product in full: image, name, description, price per cycle and its action. Plain markup
 * (no antd). The theme flags of spec §3 it follows: `hidePriceAndCycleProductPage` hides the
 * price and cycle; on phones, `productImageTopOnMobile` puts the image first and
 * `pricePerCycleBottomOnMobile` moves the price below the button.
 */
export function ProductDetail(props: {
  product: ProductData;
  flags: ThemeFlags;
  actionLabel: string;
  onAction: (product: ProductData) => void;
  busy: boolean;
  headingLevel?: 1 | 2;
}) {
  const { product, flags } = props;
  const Heading = props.headingLevel === 2 ? 'h2' : 'h1';
  const classes = [
    'product-detail',
    flags.productImageTopOnMobile ? 'product-detail--image-top' : '',
    flags.pricePerCycleBottomOnMobile ? 'product-detail--price-bottom' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <article className={classes} aria-labelledby="product-detail-name">
      <LazyImage
        className="product-detail__image"
        src={product.thumbnail}
        alt=""
        width={480}
        height={300}
      />
      <div className="product-detail__text">
        <Heading id="product-detail-name">{product.displayName}</Heading>
        <p className="product-detail__description">{product.description}</p>
      </div>
      {flags.hidePriceAndCycleProductPage ? null : (
        <p className="product-detail__price" data-testid="price-per-cycle">
          <span className="product-detail__amount">{formatUsd(product.priceCents)}</span>
          {product.refillIntervalDays ? ` every ${product.refillIntervalDays} days` : ''}
          {product.consultFeeCents > 0
            ? ` + ${formatUsd(product.consultFeeCents)} consult fee`
            : ''}
        </p>
      )}
      <button
        type="button"
        className="button button--primary product-detail__action"
        aria-busy={props.busy || undefined}
        disabled={props.busy}
        onClick={() => props.onAction(product)}
      >
        {props.actionLabel}
      </button>
    </article>
  );
}

/** START ONLINE VISIT for a product that needs a consult (spec §2), ADD TO CART otherwise. */
export function productActionLabel(product: ProductData): string {
  return product.isConsultRequired ? 'START ONLINE VISIT' : 'ADD TO CART';
}
