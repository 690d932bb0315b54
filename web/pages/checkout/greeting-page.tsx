import { routes } from '../../../shared/checkout/routes';
import { IntroPage } from '../../checkout/intro-page';

/** /checkout/greeting: a welcome before payment, when the storefront shows it. */
export default function GreetingPage() {
  return (
    <IntroPage route={routes.greeting} title="Welcome" buttonLabel="CONTINUE">
      <p>Thank you for choosing us. Everything is ready: review your order and pay to finish.</p>
    </IntroPage>
  );
}
