import { useParams } from 'react-router';
import { errorTextOf } from '../../renderer/components/api-error-text';
import { AppLink } from '../../renderer/components/app-link';
import { ProductDetail, productActionLabel } from '../../renderer/features/catalog/product-detail';
import { useProducts } from '../../renderer/features/catalog/use-products';
import { routes } from '../../shared/checkout/routes';
import { useStorefront } from '../app/storefront-context';
import { useAddProduct } from './home/use-add-product';

/** /products/:productId: one product in full, with its action (ours, linked from the home). */
export default function ProductPage() {
  const { productId } = useParams();
  const storefront = useStorefront();
  const products = useProducts(storefront.id);
  const adding = useAddProduct();
  const product = products.data?.find((p) => String(p.productId) === productId);
  if (products.isPending)
    return (
      <p className="container-sub page" aria-busy="true">
        Loading…
      </p>
    );
  if (!product) {
    return (
      <div className="container-narrow page">
        <h1>Product not found</h1>
        <AppLink href={routes.home}>See every product</AppLink>
      </div>
    );
  }
  return (
    <div className="container-sub page">
      <ProductDetail
        product={product}
        flags={storefront.theme.flags}
        actionLabel={productActionLabel(product)}
        onAction={adding.add}
        busy={adding.busyProduct === product.productId}
      />
      <AddedNotice adding={adding} />
    </div>
  );
}

/** What happened to the last add: an error, or (cart kept closed) that it is in the cart. */
export function AddedNotice({ adding }: { adding: ReturnType<typeof useAddProduct> }) {
  return (
    <div role="status" className="inline-alert-region">
      {adding.error ? <p className="inline-alert">{errorTextOf(adding.error).message}</p> : null}
      {adding.added ? (
        <p className="added-notice">{adding.added.displayName} is in your cart.</p>
      ) : null}
    </div>
  );
}
