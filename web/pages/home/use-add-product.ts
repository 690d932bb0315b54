import { useState } from 'react';
import { errorTextOf } from '../../../renderer/components/api-error-text';
import { useAddToCart } from '../../../renderer/features/cart/use-add-to-cart';
import { useCart } from '../../../renderer/features/cart/use-cart';
import { useSessionStore } from '../../../renderer/features/session/session-context';
import type { ProductData } from '../../../shared/contracts/catalog';
import { useRuntime } from '../../app/runtime-context';
import { useStorefront } from '../../app/storefront-context';
import { useCartContext } from '../../app/use-cart-context';
import { useContinueCheckout } from '../../checkout/continue-checkout';

/**
 * Adds a product to the cart from a product's button: a consult product starts its online
 * visit (the checkout's first pending stage); another opens the cart, unless the storefront's
 * `disableOpenCartEntryPage` flag keeps the shopper where they are (the page says it was added).
 */
export function useAddProduct() {
  const storefront = useStorefront();
  const cartContext = useCartContext();
  const cart = useCart(cartContext);
  const addToCart = useAddToCart(cartContext);
  const store = useSessionStore();
  const { notice } = useRuntime();
  const continueCheckout = useContinueCheckout();
  const [busyProduct, setBusyProduct] = useState<number | null>(null);
  const [added, setAdded] = useState<ProductData | null>(null);

  const add = (product: ProductData) => {
    const inCart = cart.data?.items.find((item) => item.productId === product.productId);
    setBusyProduct(product.productId);
    setAdded(null);
    addToCart.mutate(
      {
        productId: product.productId,
        qty: inCart?.qty ?? product.defaultQuantity,
        cart: cart.data,
      },
      {
        onSuccess: async () => {
          if (product.isConsultRequired) await continueCheckout();
          else if (storefront.theme.flags.disableOpenCartEntryPage) setAdded(product);
          else store.setCartDrawerOpen(true);
        },
        onError: (error) => {
          if (errorTextOf(error).connection) notice.show();
        },
        onSettled: () => setBusyProduct(null),
      },
    );
  };

  const error =
    addToCart.error && !errorTextOf(addToCart.error).connection ? addToCart.error : null;
  return { add, busyProduct, added, error };
}
