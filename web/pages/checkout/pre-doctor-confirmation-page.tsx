import { routes } from '../../../shared/checkout/routes';
import { IntroPage } from '../../checkout/intro-page';

/** /checkout/pre-doctor-confirmation (visit type 3): a doctor reviews the order, no visit. */
export default function PreDoctorConfirmationPage() {
  return (
    <IntroPage
      route={routes.preDoctorConfirmation}
      title="Your doctor's review"
      buttonLabel="CONTINUE"
    >
      <p>
        No appointment is needed for this treatment: a doctor licensed in your state reviews your
        answers and confirms your prescription. Choose your doctor next.
      </p>
    </IntroPage>
  );
}
