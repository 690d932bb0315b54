import { z } from 'zod';
import { medicationSearch } from '../validation/rules';
import { storefrontIdText } from './config';

/**
 * The Relative family of spec §7 (Product/GetProductandConsultPrice,
 * Product/GetProductShippingStates, State/GetStates), our medication search (spec §9) and the
 * checkout redirect (Order/AddToCart with productId and storefrontId in the query).
 */

/** Ids are PostgreSQL integers: anything larger is refused before reaching SQL. */
export const MAX_PRODUCT_ID = 2_147_483_647;
/** The medication search answers at most this many names. */
export const MEDICATION_SEARCH_LIMIT = 20;

/** In a query string: decimal digits only (no signs, exponents or spaces). */
export const productIdText = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/)
  .transform(Number)
  .pipe(z.number().int().positive().max(MAX_PRODUCT_ID));

/**
 * The 50 states and DC: the only codes a US storefront ships to. (The states table also holds
 * Canadian provinces from the zip-code package; State/GetStates leaves them out.)
 */
export const usStateCodes: readonly string[] =
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY'.split(
    ' ',
  );

/** GET Product/GetProductandConsultPrice?storefrontId=&productId= (productId optional). */
export const productAndConsultPriceQuery = z
  .object({ storefrontId: storefrontIdText, productId: productIdText.optional() })
  .strict();

/** A product with its price and consult fee: dollars where the spec names a price, plus cents. */
export const productData = z.object({
  productId: z.number().int(),
  product_title: z.string(),
  displayName: z.string(),
  description: z.string(),
  type: z.enum(['rx', 'otc']),
  price: z.number(),
  priceCents: z.number().int(),
  consultFee: z.number(),
  consultFeeCents: z.number().int(),
  isConsultRequired: z.boolean(),
  /** 1 and 2: a scheduled visit; 3: the doctor's confirmation only; null: no consult. */
  visitType: z.number().int().nullable(),
  qtyRange: z.array(z.number().int()),
  defaultQuantity: z.number().int(),
  /** The product image, or the storefront's fallback image when it has none. */
  thumbnail: z.string(),
  refillIntervalDays: z.number().int().nullable(),
});
export type ProductData = z.infer<typeof productData>;
/** Always a list: every active product of the storefront, or just the one asked for. */
export const productsData = z.array(productData);

export const stateData = z.object({ code: z.string(), name: z.string() });
export type StateData = z.infer<typeof stateData>;
export const statesData = z.array(stateData);

/** GET Product/GetProductShippingStates?productId= (storefrontId optional, checked when sent). */
export const productShippingStatesQuery = z
  .object({ productId: productIdText, storefrontId: storefrontIdText.optional() })
  .strict();

/** GET State/GetStates: the states do not depend on the storefront, whose id may be sent. */
export const statesQuery = z.object({ storefrontId: storefrontIdText.optional() }).strict();

/** GET Product/SearchMedications?term= : two or more characters (spec §5). */
export const medicationSearchQuery = z.object({ term: medicationSearch }).strict();
/** Medication names, those starting with the term first, then those containing it. */
export const medicationSearchData = z.array(z.string());

/** POST Order/AddToCart?productId=&storefrontId= : the checkout redirect of spec §7. */
export const checkoutRedirectQuery = z
  .object({ productId: productIdText, storefrontId: storefrontIdText })
  .strict();
/** The spec gives no payload: none, or an empty object. */
export const checkoutRedirectBody = z.object({}).strict().nullish();
export const checkoutRedirectData = z.object({
  orderId: z.string().uuid(),
  /** The route of the order's first pending stage (spec §2 "Routing after an order loads"). */
  redirectTo: z.string(),
});
export type CheckoutRedirectData = z.infer<typeof checkoutRedirectData>;
