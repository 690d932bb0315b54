import { useState } from 'react';
import { errorTextOf } from '../../renderer/components/api-error-text';
import { useAddToCart } from '../../renderer/features/cart/use-add-to-cart';
import { useCart } from '../../renderer/features/cart/use-cart';
import { ProductCard } from '../../renderer/features/catalog/product-card';
import { useProducts } from '../../renderer/features/catalog/use-products';
import { useSessionStore } from '../../renderer/features/session/session-context';
import type { ProductData } from '../../shared/contracts/catalog';
import { useRuntime } from '../app/runtime-context';
import { useStorefront } from '../app/storefront-context';
import { useCartContext } from '../app/use-cart-context';
import { useContinueCheckout } from '../checkout/continue-checkout';

/** The storefront's home: its products, each added to the cart as a guest or as a patient. */
export default function HomePage() {
  const storefront = useStorefront();
  const products = useProducts(storefront.id);
  const cartContext = useCartContext();
  const cart = useCart(cartContext);
  const addToCart = useAddToCart(cartContext);
  const store = useSessionStore();
  const { notice } = useRuntime();
  const continueCheckout = useContinueCheckout();
  const [busyProduct, setBusyProduct] = useState<number | null>(null);

  const add = (product: ProductData) => {
    const inCart = cart.data?.items.find((item) => item.productId === product.productId);
    setBusyProduct(product.productId);
    addToCart.mutate(
      {
        productId: product.productId,
        qty: inCart?.qty ?? product.defaultQuantity,
        cart: cart.data,
      },
      {
        onSuccess: async () => {
          // A consult product starts its online visit: the checkout's first pending stage.
          if (product.isConsultRequired) await continueCheckout();
          else store.setCartDrawerOpen(true);
        },
        onError: (error) => {
          if (errorTextOf(error).connection) notice.show();
        },
        onSettled: () => setBusyProduct(null),
      },
    );
  };

  const all = products.data ?? [];
  const rx = all.filter((product) => product.isConsultRequired);
  const otc = all.filter((product) => !product.isConsultRequired);
  const addError =
    addToCart.error && !errorTextOf(addToCart.error).connection ? addToCart.error : null;

  return (
    <div className="home">
      <section className="hero" aria-labelledby="hero-title">
        <div className="container-sub">
          <h1 id="hero-title">{storefront.theme.storeFrontName}</h1>
          <p className="hero__lead">
            Prescription treatments with an online doctor visit, and everyday health products,
            delivered to your door.
          </p>
        </div>
      </section>
      {!storefront.theme.flags.hideIncentiveBanner && (
        <p className="incentive-banner">
          Licensed doctors review every prescription order. Your pharmacy, your choice.
        </p>
      )}
      <div className="container-sub">
        <div role="alert" className="inline-alert-region">
          {addError ? <p className="inline-alert">{errorTextOf(addError).message}</p> : null}
        </div>
        {products.isPending ? (
          <ProductSkeletons />
        ) : products.isError ? (
          <div className="load-failed">
            <p>We could not load our products.</p>
            <button type="button" className="text-button" onClick={() => void products.refetch()}>
              Try again
            </button>
          </div>
        ) : (
          <>
            <ProductSection
              id="rx"
              title="Treatments with an online visit"
              products={rx}
              actionLabel="START ONLINE VISIT"
              onAction={add}
              busyProduct={busyProduct}
            />
            <ProductSection
              id="otc"
              title="Everyday health"
              products={otc}
              actionLabel="ADD TO CART"
              onAction={add}
              busyProduct={busyProduct}
            />
          </>
        )}
      </div>
    </div>
  );
}

function ProductSection(props: {
  id: string;
  title: string;
  products: ProductData[];
  actionLabel: string;
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
            actionLabel={props.actionLabel}
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
