import { routes } from './routes';
import type { CheckoutStage } from './stages';

const stageByPath: ReadonlyMap<string, CheckoutStage> = new Map<string, CheckoutStage>([
  [routes.preQuestionnaire, 'Consult'],
  [routes.questionnaire, 'Consult'],
  [routes.preShipping, 'Shipping'],
  [routes.shippingDetails, 'Shipping'],
  [routes.pharmacyMap, 'Pharmacy'],
  [routes.pharmacySearch, 'Pharmacy'],
  [routes.pharmacyOptions, 'Pharmacy'],
  [routes.preScheduling, 'Scheduling'],
  [routes.scheduleVisit, 'Scheduling'],
  [routes.preDoctorConfirmation, 'Scheduling'],
  [routes.doctorConfirmation, 'Scheduling'],
  [routes.register, 'Register'],
  [routes.greeting, 'Payment'],
  [routes.prePayment, 'Payment'],
  [routes.summary, 'Payment'],
]);

const questionnairePage = /^\/checkout\/questionnaire\/\d+$/;

/** The path without query, hash and trailing slashes ("/" stays "/"). */
export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  const trimmed = bare.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

/**
 * The checkout stage a page belongs to, so the UI can tell when a page is opened out of
 * order. `null` for pages outside the staged flow (home, account, order confirmation,
 * patient visit, ended visit, ...). Every questionnaire step counts as Consult.
 */
export function stageOfRoute(path: string): CheckoutStage | null {
  const normalized = normalizePath(path);
  if (questionnairePage.test(normalized)) return 'Consult';
  return stageByPath.get(normalized) ?? null;
}
