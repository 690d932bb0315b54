import { useCart } from '../../renderer/features/cart/use-cart';
import { useCartContext } from './use-cart-context';

/** How many items the cart holds (quantities added up); 0 while it loads or when there is none. */
export function useCartCount(): number {
  const cart = useCart(useCartContext());
  return (cart.data?.items ?? []).reduce((sum, item) => sum + item.qty, 0);
}
