import { useSearchParams } from 'react-router';
import { FindPatientStep } from './find-patient-step';
import { PhoneOrderWizard } from './phone-order-wizard';
import '../../../features/checkout/checkout.css';
import '../../../features/payment/payment.css';
import '../../../features/pharmacy/pharmacy.css';
import '../../../features/questionnaire/questionnaire.css';
import '../../../features/scheduling/scheduling.css';
import '../../../features/shipping/shipping.css';
import './catalog-cart.css';
import './phone-order-page.css';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A customer-service phone order (spec §7): find or create the patient, then the same steps
 * as the patient app's checkout, built with its components, and the payment. The patient and
 * the step live in the address (?patientId=&step=), so a reload goes on where it was.
 */
export default function PhoneOrderPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('patientId');
  const patientId = asked && uuid.test(asked) ? asked : null;

  if (!patientId) {
    return <FindPatientStep onChosen={(id) => setParams({ patientId: id, step: 'cart' })} />;
  }
  return <PhoneOrderWizard key={patientId} patientId={patientId} />;
}
