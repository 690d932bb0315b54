import type { OrderData } from '../../../../shared/contracts/orders';
import type { PatientViewData } from '../../../../shared/contracts/staff-patients';
import type { PhoneOrderStepKey } from '../../../features/phone-order/phone-order-steps';

/** What every step of the phone order gets from the wizard. */
export interface PhoneOrderContext {
  patientId: string;
  patient: PatientViewData;
  order: OrderData;
  /** A step's answer (the updated order) replaces the order everyone sees. */
  setOrder(order: OrderData): void;
  /** Reads the order again (after a call that does not answer it, e.g. the questionnaire). */
  refreshOrder(): Promise<OrderData | undefined>;
  /** On to the step after this one (or the one named). */
  goNext(from: PhoneOrderStepKey): void;
  goTo(step: PhoneOrderStepKey): void;
  /** The patient's time zone, for visit times read to them. */
  timeZone: string;
}

export function patientNameOf(patient: PatientViewData): string {
  return `${patient.profile.firstName} ${patient.profile.lastName}`;
}
