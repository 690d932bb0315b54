import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  MEDICATION_SEARCH_LIMIT,
  type ProductData,
  type StateData,
  usStateCodes,
} from '../../../shared/contracts/catalog';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import { fallbackImagePath } from '../../../shared/theme/layout';
import type { Database } from '../../db/client';
import { medications, products } from '../../db/schema/catalog';
import { usStates } from '../../db/schema/platform';
import { builtOncePer } from '../../lib/built-once';
import { cachedStorefrontSettings } from '../config/storefront-cache';
import { type Product, storefrontProducts } from './product-cache';

const dollars = (cents: number) => cents / 100;

export function productView(product: Product): ProductData {
  return {
    productId: product.id,
    product_title: product.title,
    displayName: product.displayName,
    description: product.description,
    type: product.type,
    price: dollars(product.priceCents),
    priceCents: product.priceCents,
    consultFee: dollars(product.consultFeeCents),
    consultFeeCents: product.consultFeeCents,
    isConsultRequired: product.isConsultRequired,
    visitType: product.visitType,
    qtyRange: product.qtyRange,
    defaultQuantity: product.defaultQuantity,
    thumbnail: product.thumbnail ?? fallbackImagePath,
    refillIntervalDays: product.refillIntervalDays,
  };
}

/** One answer per cached catalog and per cached product, written once by the route. */
const catalogAnswer = builtOncePer((catalog: Map<number, Product>) =>
  [...catalog.values()].map(productView),
);
const productAnswer = builtOncePer((product: Product) => [productView(product)]);

/**
 * The storefront's active products (or the one asked for); 404 for an unknown storefront.
 * The same object while the catalog stays cached (`sendUnchangedData`).
 */
export async function productsWithConsultPrice(
  database: Database,
  storefrontId: number,
  productId?: number,
): Promise<readonly ProductData[]> {
  const settings = await cachedStorefrontSettings(database, storefrontId);
  if (!settings) throw fail.notFound(messages.storefrontNotFound);
  const catalog = await storefrontProducts(database, storefrontId);
  if (productId === undefined) return catalogAnswer(catalog);
  const product = catalog.get(productId);
  if (!product) throw fail.notFound(messages.productNotFound);
  return productAnswer(product);
}

/** The states an active product ships to, by name. */
export async function productShippingStates(
  database: Database,
  productId: number,
  storefrontId?: number,
): Promise<StateData[]> {
  const conditions = [eq(products.id, productId), eq(products.active, true)];
  if (storefrontId !== undefined) conditions.push(eq(products.storefrontId, storefrontId));
  const [product] = await database.db
    .select({ shippableStates: products.shippableStates })
    .from(products)
    .where(and(...conditions))
    .limit(1);
  if (!product) throw fail.notFound(messages.productNotFound);
  const codes = product.shippableStates.filter((code) => usStateCodes.includes(code));
  if (codes.length === 0) return [];
  return database.db
    .select({ code: usStates.code, name: usStates.name })
    .from(usStates)
    .where(inArray(usStates.code, codes))
    .orderBy(asc(usStates.name));
}

/** The US states (50 and DC), by name. */
export function allStates(database: Database): Promise<StateData[]> {
  return database.db
    .select({ code: usStates.code, name: usStates.name })
    .from(usStates)
    .where(inArray(usStates.code, [...usStateCodes]))
    .orderBy(asc(usStates.name));
}

/**
 * Medication names containing the term, case-insensitively, those that start with it first.
 * strpos, not LIKE: the term is matched literally, so % and _ mean nothing special.
 */
export async function searchMedications(database: Database, term: string): Promise<string[]> {
  const position = sql`strpos(lower(${medications.name}), lower(${term}))`;
  const rows = await database.db
    .select({ name: medications.name })
    .from(medications)
    .where(sql`${position} > 0`)
    .orderBy(sql`${position} = 1 desc`, asc(medications.name))
    .limit(MEDICATION_SEARCH_LIMIT);
  return rows.map((row) => row.name);
}
