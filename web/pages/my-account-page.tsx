import { Button } from 'antd';
import { OrderList } from '../../renderer/features/account/order-list';
import { usePreviousOrders } from '../../renderer/features/account/use-previous-orders';
import { useRecentOrders } from '../../renderer/features/account/use-recent-orders';
import { useUserInfo } from '../../renderer/features/account/use-user-info';
import { useSession } from '../../renderer/features/session/session-context';
import { useLogout } from '../../renderer/features/session/use-logout';
import { routes } from '../../shared/checkout/routes';
import { Loadable } from './loadable';
import { SignInRequired } from './sign-in-required';

const orderHref = (orderId: string) => `${routes.orderDetails}?id=${encodeURIComponent(orderId)}`;

/** My account (spec §2): recent orders and the order history, each opening its details. */
export default function MyAccountPage() {
  const session = useSession();
  if (!session.signedIn) return <SignInRequired title="My account" returnTo={routes.myAccount} />;
  return <Account identity={session.identity} firstName={session.firstName} />;
}

function Account({ identity, firstName }: { identity: string; firstName: string | null }) {
  const recent = useRecentOrders(identity);
  const userInfo = useUserInfo(identity);
  const name = userInfo.data?.firstName ?? firstName;
  const history = usePreviousOrders(identity);
  const logout = useLogout();
  const allOrders = history.data?.pages.flatMap((page) => page.orders) ?? [];
  return (
    <div className="container-sub page">
      <div className="page-title-row">
        <h1>{name ? `Welcome back, ${name}` : 'My account'}</h1>
        <Button onClick={() => logout.mutate()} loading={logout.isPending}>
          LOG OUT
        </Button>
      </div>
      <section aria-labelledby="recent-orders" className="account-section">
        <h2 id="recent-orders">Recent orders</h2>
        <Loadable query={recent} what="your recent orders">
          <OrderList
            orders={recent.data ?? []}
            hrefOf={orderHref}
            label="Recent orders"
            emptyText="You have no orders yet."
          />
        </Loadable>
      </section>
      <section aria-labelledby="order-history" className="account-section">
        <h2 id="order-history">Order history</h2>
        <Loadable query={history} what="your order history">
          <OrderList
            orders={allOrders}
            hrefOf={orderHref}
            label="Order history"
            emptyText="Your order history is empty."
          />
          {history.hasNextPage && (
            <Button
              onClick={() => void history.fetchNextPage()}
              loading={history.isFetchingNextPage}
            >
              SHOW MORE ORDERS
            </Button>
          )}
        </Loadable>
      </section>
    </div>
  );
}
