import { routes } from '../../../shared/checkout/routes';
import { IntroPage } from '../../checkout/intro-page';

/** /checkout/pre-questionnaire: what the online visit is, then START ONLINE VISIT. */
export default function PreQuestionnairePage() {
  return (
    <IntroPage
      route={routes.preQuestionnaire}
      title="Your online visit"
      buttonLabel="START ONLINE VISIT"
    >
      <p>
        A few questions about your health come first. A licensed doctor reviews your answers before
        your prescription is written, so please answer every question honestly.
      </p>
      <p>It takes about 5 minutes. Your answers are private and shared only with your doctor.</p>
    </IntroPage>
  );
}
