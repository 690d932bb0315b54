import { assertNonNegativeInteger } from './cents';

/** Spec §9: the default quantity is 1. */
export const fallbackQuantity = 1;

export interface QuantityFields {
  readonly qty?: number | null | undefined;
  readonly defaultQuantity?: number | null | undefined;
}

/**
 * Spec §3: qty defaults to defaultQuantity, else 1. A quantity that is present must be a
 * non-negative whole number (RangeError otherwise); null counts as missing.
 */
export function defaultQty(item: QuantityFields): number {
  if (item.qty !== undefined && item.qty !== null) return assertNonNegativeInteger(item.qty, 'qty');
  if (item.defaultQuantity !== undefined && item.defaultQuantity !== null) {
    return assertNonNegativeInteger(item.defaultQuantity, 'defaultQuantity');
  }
  return fallbackQuantity;
}
