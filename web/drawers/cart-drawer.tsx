import { useQueryClient } from '@tanstack/react-query';
import { Button, Drawer } from 'antd';
import { useMemo } from 'react';
import { ErrorAlert } from '../../renderer/components/error-alert';
import { cartKeys } from '../../renderer/features/cart/cart-keys';
import { CartSummary } from '../../renderer/features/cart/cart-summary';
import { orderTotals } from '../../renderer/features/cart/order-totals';
import { useCart } from '../../renderer/features/cart/use-cart';
import { useChangeQuantity } from '../../renderer/features/cart/use-change-quantity';
import { checkoutKeys } from '../../renderer/features/checkout/checkout-keys';
import { PromoEntry } from '../../renderer/features/promo/promo-entry';
import { type PromoTarget, useApplyPromo } from '../../renderer/features/promo/use-apply-promo';
import { useRemovePromo } from '../../renderer/features/promo/use-remove-promo';
import { useSession, useSessionStore } from '../../renderer/features/session/session-context';
import { useCartContext } from '../app/use-cart-context';
import { useDrawerSize } from '../app/use-small-screen-drawer';
import { useContinueCheckout } from '../checkout/continue-checkout';

const emptyTotals = {
  subtotalCents: 0,
  consultFeeCents: 0,
  discountCents: 0,
  salesTaxCents: 0,
  shippingCents: 0,
  totalCents: 0,
};

/**
 * The cart drawer: items with their quantities, "Your Cart Is Empty", the promo code, the
 * totals (consult fee once, discount, tax, shipping) and CHECKOUT, which goes to the first
 * pending checkout stage.
 */
export default function CartDrawer() {
  const session = useSession();
  const store = useSessionStore();
  const size = useDrawerSize();
  const queryClient = useQueryClient();
  const context = useCartContext();
  const cart = useCart(context);
  const change = useChangeQuantity(context);
  const continueCheckout = useContinueCheckout();
  const target = useMemo<PromoTarget>(
    () => ({
      kind: context.owner.kind,
      storefrontId: context.storefrontId,
      guid: context.guid,
      cartKey: cartKeys.current(context.owner),
    }),
    [context],
  );
  const apply = useApplyPromo(target);
  const remove = useRemovePromo(target);

  // The checkout pages read the order through their own queries: they must not keep a stale one.
  const refreshCheckout = () => void queryClient.invalidateQueries({ queryKey: checkoutKeys.all });
  const order = cart.data ?? null;
  const items = order?.items ?? [];
  const busy = change.isPending || apply.isPending || remove.isPending;

  const setQuantity = (productId: number, qty: number) =>
    change.mutate({ productId, qty }, { onSuccess: refreshCheckout });

  return (
    <Drawer
      open={session.cartDrawerOpen}
      onClose={() => store.setCartDrawerOpen(false)}
      title="Your cart"
      placement="right"
      size={size}
      className="cart-drawer"
      footer={
        items.length > 0 ? (
          <Button
            type="primary"
            block
            size="large"
            disabled={busy}
            onClick={async () => {
              store.setCartDrawerOpen(false);
              await continueCheckout();
            }}
          >
            CHECKOUT
          </Button>
        ) : null
      }
    >
      {cart.isPending ? (
        <p aria-busy="true">Loading your cart…</p>
      ) : cart.isError ? (
        <ErrorAlert error={cart.error} />
      ) : (
        <>
          <ErrorAlert error={change.error ?? undefined} />
          <CartSummary
            items={items}
            totals={order ? orderTotals(order) : emptyTotals}
            discountLabel={order?.coupon?.code}
            onQuantityChange={setQuantity}
            onRemove={(productId) => setQuantity(productId, 0)}
            disabled={busy}
          />
          {order && items.length > 0 && (
            <PromoEntry
              appliedCode={order.isPromoCodeApplied ? (order.coupon?.code ?? null) : null}
              onApply={(promoCode) =>
                apply.mutate({ order, promoCode }, { onSuccess: refreshCheckout })
              }
              onRemove={() =>
                remove.mutate(order.coupon?.code ?? null, {
                  onSuccess: () => {
                    apply.reset();
                    refreshCheckout();
                  },
                })
              }
              applying={apply.isPending}
              removing={remove.isPending}
              error={apply.error ?? remove.error ?? undefined}
            />
          )}
        </>
      )}
    </Drawer>
  );
}
