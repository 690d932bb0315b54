import { Alert, Button, Card, Flex, Skeleton } from 'antd';
import type { ProductData } from '../../../../shared/contracts/catalog';
import { apiErrorText } from '../../../components/api-error-text';
import { CartSummary } from '../../../features/cart/cart-summary';
import { orderTotals } from '../../../features/cart/order-totals';
import { ProductCard } from '../../../features/catalog/product-card';
import { useProducts } from '../../../features/catalog/use-products';
import { useSetPhoneOrderItems } from '../../../features/phone-order/phone-order-items';
import {
  useApplyPhoneOrderPromo,
  useRemovePhoneOrderPromo,
} from '../../../features/phone-order/phone-order-promo';
import { PromoEntry } from '../../../features/promo/promo-entry';
import type { PhoneOrderContext } from './phone-order-context';

/**
 * The cart, built with the patient app's pieces: the storefront's products, the items with
 * their quantities, the promo code and the totals. Every change is the server's to price.
 */
export function CartStep({ context }: { context: PhoneOrderContext }) {
  const { order, patientId, patient } = context;
  const products = useProducts(patient.profile.storefrontId);
  const items = useSetPhoneOrderItems(patientId, order.id);
  const apply = useApplyPhoneOrderPromo(patientId, order.id);
  const remove = useRemovePhoneOrderPromo(patientId, order.id);
  const inOrder = new Set(order.items.map((item) => item.productId));

  const add = (product: ProductData) =>
    items.mutate([{ productId: product.productId, qty: product.defaultQuantity || 1 }]);

  return (
    <div className="phone-order-cart">
      <section aria-label="Products" className="phone-order-products">
        {products.error ? (
          <Alert type="error" showIcon title={apiErrorText(products.error)} />
        ) : null}
        {products.isPending ? <Skeleton active paragraph={{ rows: 6 }} /> : null}
        <div className="phone-order-product-grid">
          {(products.data ?? []).map((product) => (
            <ProductCard
              key={product.productId}
              product={product}
              actionLabel={inOrder.has(product.productId) ? 'IN THE ORDER' : 'ADD TO ORDER'}
              onAction={add}
              busy={items.isPending && items.variables?.[0]?.productId === product.productId}
              disabled={inOrder.has(product.productId) || items.isPending}
            />
          ))}
        </div>
      </section>
      <Card
        size="small"
        title="Order"
        className="phone-order-side"
        aria-label="Order"
        actions={[
          <Button
            key="continue"
            type="primary"
            disabled={order.items.length === 0 || items.isPending}
            onClick={() => context.goNext('cart')}
          >
            CONTINUE
          </Button>,
        ]}
      >
        <Flex vertical gap={16}>
          {items.error ? (
            <Alert type="error" showIcon role="alert" title={apiErrorText(items.error)} />
          ) : null}
          <CartSummary
            items={order.items}
            totals={orderTotals(order)}
            discountLabel={order.coupon?.code}
            disabled={items.isPending}
            onQuantityChange={(productId, qty) => items.mutate([{ productId, qty }])}
            onRemove={(productId) => items.mutate([{ productId, qty: 0 }])}
          />
          {order.items.length > 0 ? (
            <PromoEntry
              appliedCode={order.coupon?.code ?? null}
              onApply={(code) => apply.mutate(code, { onSuccess: () => remove.reset() })}
              onRemove={() => remove.mutate(undefined, { onSuccess: () => apply.reset() })}
              applying={apply.isPending}
              removing={remove.isPending}
              error={apply.error ?? remove.error ?? undefined}
            />
          ) : null}
        </Flex>
      </Card>
    </div>
  );
}
