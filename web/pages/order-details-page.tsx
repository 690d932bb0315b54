import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { useSearchParams } from 'react-router';
import { AppLink } from '../../renderer/components/app-link';
import { ErrorAlert } from '../../renderer/components/error-alert';
import { orderStatusLabel } from '../../renderer/features/account/order-status-label';
import { ReceiptView } from '../../renderer/features/account/receipt-view';
import { useOrderDetails } from '../../renderer/features/account/use-order-details';
import { useOrderReceipt } from '../../renderer/features/account/use-order-receipt';
import { useReorder } from '../../renderer/features/account/use-reorder';
import { cartKeys } from '../../renderer/features/cart/cart-keys';
import { checkoutKeys } from '../../renderer/features/checkout/checkout-keys';
import { useSession, useSessionStore } from '../../renderer/features/session/session-context';
import { isApiError } from '../../shared/api/api-error';
import { routes } from '../../shared/checkout/routes';
import type { OrderData } from '../../shared/contracts/orders';
import { Loadable } from './loadable';
import { SignInRequired } from './sign-in-required';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /order-details?id=: a placed order's receipt, and Reorder, which fills the cart again. */
export default function OrderDetailsPage() {
  const session = useSession();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  if (!session.signedIn) {
    return (
      <SignInRequired
        title="Order details"
        returnTo={`${routes.orderDetails}?id=${encodeURIComponent(id)}`}
      />
    );
  }
  if (!uuidPattern.test(id)) return <OrderNotFound />;
  return <OrderDetails orderId={id} identity={session.identity} />;
}

function OrderDetails({ orderId, identity }: { orderId: string; identity: string }) {
  const receipt = useOrderReceipt(identity, orderId);
  const details = useOrderDetails(identity, orderId);
  const store = useSessionStore();
  const queryClient = useQueryClient();
  const reorder = useReorder((cart: OrderData) => {
    queryClient.setQueryData(cartKeys.current({ kind: 'patient', identity }), cart);
    void queryClient.invalidateQueries({ queryKey: checkoutKeys.all });
    store.setCartDrawerOpen(true);
  });

  const missing = [receipt.error, details.error].some(
    (error) => isApiError(error) && (error.status === 404 || error.status === 400),
  );
  if (missing) return <OrderNotFound />;
  const notPlaced =
    isApiError(receipt.error) && receipt.error.status === 409 ? receipt.error.serverMessage : null;

  return (
    <div className="container-sub page">
      <p className="back-link">
        <AppLink href={routes.myAccount}>‹ Back to my account</AppLink>
      </p>
      <h1>Order details</h1>
      {notPlaced ? (
        <p role="status">{notPlaced}</p>
      ) : (
        <Loadable query={receipt} what="this order">
          {receipt.data && (
            <ReceiptView
              receipt={receipt.data}
              statusLabel={details.data ? orderStatusLabel(details.data.status) : undefined}
            />
          )}
        </Loadable>
      )}
      <div className="page-actions">
        <ErrorAlert error={reorder.error ?? undefined} />
        <Button
          type="primary"
          size="large"
          loading={reorder.isPending}
          disabled={!receipt.data}
          onClick={() => reorder.mutate({ orderId })}
        >
          REORDER
        </Button>
      </div>
    </div>
  );
}

function OrderNotFound() {
  return (
    <div className="container-narrow page">
      <h1>Order not found</h1>
      <p>We could not find this order in your account.</p>
      <AppLink href={routes.myAccount}>Go to my account</AppLink>
    </div>
  );
}
