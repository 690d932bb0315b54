import { formCheck, required } from '../../../shared/validation/field-checks';
import { promoCodeCheck } from '../../../shared/validation/promo-checks';

/** The promo code checked as its contract's rule (`promoCode`) checks it, with no zod loaded. */
export const checkPromoCode = formCheck({ promoCode: required(promoCodeCheck) });
