import type { DisplayPages } from '../../shared/checkout/first-pending-route';
import type { ApplicationSettingsData } from '../../shared/contracts/config';

/** The storefront's optional intro pages, as the routing of spec §2 reads them (the server's
 * GetCheckOutProgress reads the same settings the same way). */
export function displayPagesOf(settings: ApplicationSettingsData | undefined): DisplayPages {
  return {
    preQuestionnaire: settings?.ShowPreQuestionnairePage,
    preShipping: settings?.ShowPreShippingPage,
    preDoctorConfirmation: settings?.ShowPreDoctorConfirmationPage,
    preScheduling: settings?.ShowPreSchedulingPage,
    greeting: settings?.ShowGreetingPage,
    prePayment: settings?.ShowPrePaymentPage,
  };
}
