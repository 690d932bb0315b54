import { routes } from '../../../shared/checkout/routes';
import { IntroPage } from '../../checkout/intro-page';

/** /checkout/pre-scheduling: choosing a doctor and a visit time comes next. */
export default function PreSchedulingPage() {
  return (
    <IntroPage route={routes.preScheduling} title="Schedule your visit" buttonLabel="CONTINUE">
      <p>
        Choose a doctor licensed in your state and a time for your video visit. Times are shown in
        your own time zone.
      </p>
    </IntroPage>
  );
}
