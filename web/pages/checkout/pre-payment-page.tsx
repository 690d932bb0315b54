import { routes } from '../../../shared/checkout/routes';
import { IntroPage } from '../../checkout/intro-page';

/** /checkout/pre-payment: review and payment come next. */
export default function PrePaymentPage() {
  return (
    <IntroPage route={routes.prePayment} title="Almost done" buttonLabel="CONTINUE">
      <p>
        Review your order and pay with a saved card or a new one. Your card is charged only when you
        finalize the order.
      </p>
    </IntroPage>
  );
}
