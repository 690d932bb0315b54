import { routes } from '../../../shared/checkout/routes';
import { IntroPage } from '../../checkout/intro-page';

/** /checkout/pre-shipping: shipping and pharmacy come next. */
export default function PreShippingPage() {
  return (
    <IntroPage route={routes.preShipping} title="Shipping and pharmacy" buttonLabel="CONTINUE">
      <p>
        Tell us where to ship your order and how fast you would like it. If your order includes a
        prescription, you also choose the pharmacy that fills it.
      </p>
    </IntroPage>
  );
}
