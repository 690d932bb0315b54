import { Button, Result, Skeleton } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../renderer/components/error-alert';
import { CheckoutProgress } from '../../../renderer/features/checkout/checkout-progress';
import { checkoutSteps } from '../../../renderer/features/checkout/checkout-steps';
import { OrderSummary } from '../../../renderer/features/checkout/order-summary';
import { useOrderDetails } from '../../../renderer/features/checkout/use-order-details';
import { routes } from '../../../shared/checkout/routes';
import { CheckoutFrame, CheckoutPage } from '../../checkout/checkout-page';
import { orderFlow } from '../../checkout/order-route';
import { OrderFacts } from '../../checkout/summary/order-facts';
import { useSmallScreen } from '../../checkout/use-small-screen';

/** /checkout/order-confirmation?orderId=: the placed order, and GO TO MY ACCOUNT. */
export default function OrderConfirmationPage() {
  const [params] = useSearchParams();
  const orderId = params.get('orderId');
  const details = useOrderDetails(orderId);
  const navigate = useNavigate();
  const small = useSmallScreen();
  const order = details.data;
  const flow = order ? orderFlow(order, {}, true) : null;

  let body: React.ReactNode;
  if (!orderId) {
    // No placed order named: the open order decides (opened ahead of the flow, it goes to the
    // stage that is really next).
    return (
      <CheckoutPage title="Thank you for your order">
        {() => <Result status="info" title="There is no order to show here." />}
      </CheckoutPage>
    );
  }
  if (details.error) {
    body = <ErrorAlert error={details.error} />;
  } else if (!order) {
    body = <Skeleton active paragraph={{ rows: 8 }} />;
  } else {
    const consult = order.items.some((item) => item.isConsultRequired);
    body = (
      <div className="order-confirmation">
        <Result
          status="success"
          title={`Order ${order.orderNumber ?? ''} is placed`}
          subTitle={
            consult
              ? 'A doctor will review your order. We will email you when your prescription is approved and when it ships.'
              : 'We will email you when your order ships.'
          }
        />
        <OrderSummary
          title="Your order"
          items={order.items}
          totals={order.totals}
          couponCode={order.coupon?.code}
        />
        <OrderFacts order={order} editable={false} />
        <Button
          type="primary"
          size="large"
          className="primary-action"
          onClick={() => navigate(routes.myAccount)}
        >
          GO TO MY ACCOUNT
        </Button>
      </div>
    );
  }
  return (
    <CheckoutFrame
      title="Thank you for your order"
      progress={
        flow ? (
          <CheckoutProgress
            steps={checkoutSteps(flow.required, flow.visitType)}
            currentProgress={5}
            compact={small}
          />
        ) : null
      }
    >
      {body}
    </CheckoutFrame>
  );
}
