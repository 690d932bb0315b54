import { ProductCard } from '../../renderer/features/catalog/product-card';
import { ProductDetail, productActionLabel } from '../../renderer/features/catalog/product-detail';
import { useProducts } from '../../renderer/features/catalog/use-products';
import type { ProductData } from '../../shared/contracts/catalog';
import { incentiveBannerText } from '../../shared/theme/home-text';
import { useStorefront } from '../app/storefront-context';
import { FeatureInfo } from './home/feature-info';
import { Hero } from './home/hero';
import { useAddProduct } from './home/use-add-product';
import { AddedNotice } from './product-page';

/**
 * The storefront's home: its products, each added to the cart as a guest or as a patient.
 * With `overrideMTMPWithSPHomePage` (spec §3) the home is the single-product page of the
 * storefront's first treatment instead of the whole catalog.
 */
export default function HomePage() {
  const storefront = useStorefront();
  const { flags } = storefront.theme;
  const products = useProducts(storefront.id);
  const adding = useAddProduct();
  const all = products.data ?? [];
  const rx = all.filter((product) => product.isConsultRequired);
  const otc = all.filter((product) => !product.isConsultRequired);
  const single = flags.overrideMTMPWithSPHomePage ? (rx[0] ?? all[0]) : undefined;

  return (
    <div className="home">
      <Hero theme={storefront.theme} />
      {!flags.hideIncentiveBanner && <p className="incentive-banner">{incentiveBannerText}</p>}
      <div className="container-sub">
        <AddedNotice adding={adding} />
        {products.isPending ? (
          <ProductSkeletons />
        ) : products.isError ? (
          <div className="load-failed">
            <p>We could not load our products.</p>
            <button type="button" className="text-button" onClick={() => void products.refetch()}>
              Try again
            </button>
          </div>
        ) : single ? (
          <div className="single-product-home">
            <ProductDetail
              product={single}
              flags={flags}
              headingLevel={2}
              actionLabel={productActionLabel(single)}
              onAction={adding.add}
              busy={adding.busyProduct === single.productId}
            />
          </div>
        ) : (
          <>
            <ProductSection
              id="rx"
              title="Treatments with an online visit"
              products={rx}
              onAction={adding.add}
              busyProduct={adding.busyProduct}
            />
            <ProductSection
              id="otc"
              title="Everyday health"
              products={otc}
              onAction={adding.add}
              busyProduct={adding.busyProduct}
            />
          </>
        )}
      </div>
      <FeatureInfo flags={flags} />
    </div>
  );
}

function ProductSection(props: {
  id: string;
  title: string;
  products: ProductData[];
  onAction: (product: ProductData) => void;
  busyProduct: number | null;
}) {
  if (props.products.length === 0) return null;
  const headingId = `section-${props.id}`;
  return (
    <section className="product-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{props.title}</h2>
      <div className="product-grid">
        {props.products.map((product) => (
          <ProductCard
            key={product.productId}
            product={product}
            actionLabel={productActionLabel(product)}
            onAction={props.onAction}
            busy={props.busyProduct === product.productId}
            disabled={props.busyProduct !== null && props.busyProduct !== product.productId}
          />
        ))}
      </div>
    </section>
  );
}

function ProductSkeletons() {
  return (
    <div className="product-grid" aria-busy="true">
      <span className="visually-hidden">Loading products</span>
      {[0, 1, 2, 3].map((index) => (
        <div key={index} className="product-card product-card--skeleton" />
      ))}
    </div>
  );
}
