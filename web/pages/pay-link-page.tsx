import '../checkout/checkout.css';
import { Button, Result, Skeleton } from 'antd';
import { useParams } from 'react-router';
import { ErrorAlert } from '../../renderer/components/error-alert';
import { OrderSummary } from '../../renderer/features/checkout/order-summary';
import { CardFields } from '../../renderer/features/payment/card-fields';
import { PaymentFailure } from '../../renderer/features/payment/payment-failure';
import { useCardEntry } from '../../renderer/features/payment/use-card-entry';
import {
  usePaymentLink,
  usePayPaymentLink,
} from '../../renderer/features/payment/use-payment-link';
import { isApiError } from '../../shared/api/api-error';
import { formatUsd } from '../../shared/cart/money';
import type { PaymentLinkData } from '../../shared/contracts/phone-orders';
import { cardInWords } from '../../shared/payments/card-label';
import { useStorefront } from '../app/storefront-context';

/**
 * /pay/:token, the link of a phone order's payment email or text: the order and a card, no
 * sign-in. The link is the only credential, so nothing of the patient is shown; it pays that
 * one order once. A used, expired or unknown link gets a page that says which.
 */
export default function PayLinkPage() {
  const { token = '' } = useParams();
  const link = usePaymentLink(token);
  const payment = usePayPaymentLink(token);

  if (payment.data) {
    const paid = payment.data;
    return (
      <LinkPage title="Thank you, your order is paid">
        <Result
          status="success"
          title={`Order ${paid.orderNumber} is paid`}
          subTitle={`We charged ${formatUsd(paid.amountCents)} to your ${cardInWords(paid.card)}.${
            paid.receiptSentTo ? ` Your receipt is on its way to ${paid.receiptSentTo}.` : ''
          }`}
        />
      </LinkPage>
    );
  }
  if (link.isPending) {
    return (
      <LinkPage title="Pay for your order">
        <Skeleton active paragraph={{ rows: 8 }} />
      </LinkPage>
    );
  }
  if (link.error) return <LinkUnavailable error={link.error} />;
  return <PayForm token={token} order={link.data} payment={payment} />;
}

function PayForm(props: {
  token: string;
  order: PaymentLinkData;
  payment: ReturnType<typeof usePayPaymentLink>;
}) {
  const { order, payment } = props;
  const newCard = useCardEntry('link-card');
  const pay = async () => {
    payment.reset();
    const card = await newCard.collect();
    if (!card) return;
    try {
      await payment.pay(card);
    } catch (failure) {
      newCard.showServerErrors(failure);
    }
  };
  return (
    <LinkPage title="Pay for your order">
      <p className="page-lead">
        {order.storefrontName}
        {order.orderNumber ? `, order ${order.orderNumber}` : ''}. This link is valid until{' '}
        {new Date(order.expiresAt).toLocaleString()}.
      </p>
      <OrderSummary
        items={order.items.map((item) => ({
          id: String(item.productId),
          displayName: item.displayName,
          qty: item.qty,
          priceCents: item.unitPriceCents,
        }))}
        totals={order.totals}
      />
      <section className="checkout-section" aria-labelledby="link-card-title">
        <h2 id="link-card-title" className="section-title">
          Card
        </h2>
        <CardFields {...newCard.fieldsProps} disabled={payment.isPending} />
      </section>
      <PaymentFailure error={payment.error} />
      <Button
        type="primary"
        size="large"
        className="primary-action"
        onClick={pay}
        loading={payment.isPending}
      >
        PAY {formatUsd(order.totals.totalCents)}
      </Button>
    </LinkPage>
  );
}

/** Why the link cannot be paid: the server's words for a used or expired link (410). */
function LinkUnavailable({ error }: { error: unknown }) {
  const storefront = useStorefront();
  const status = isApiError(error) ? error.status : null;
  if (status !== 404 && status !== 410) {
    return (
      <LinkPage title="Pay for your order">
        <ErrorAlert error={error} />
      </LinkPage>
    );
  }
  const used =
    status === 410 && isApiError(error) && /already been paid/.test(error.serverMessage ?? '');
  return (
    <LinkPage
      title={status === 404 ? 'We could not find this payment link' : 'This link cannot be paid'}
    >
      <Result
        status={used ? 'success' : 'warning'}
        title={isApiError(error) ? error.serverMessage : null}
        subTitle={
          storefront.phone
            ? `Questions about your order? Call us at ${storefront.phone}.`
            : 'Questions about your order? Please call us.'
        }
      />
    </LinkPage>
  );
}

function LinkPage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="container-narrow page pay-link">
      <h1>{title}</h1>
      {children}
    </div>
  );
}
