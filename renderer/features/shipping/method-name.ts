import type { ShippingMethodData } from '../../../shared/contracts/shipping';

/** "USPS First-Class Package", not "USPS USPS First-Class Package". */
export function methodName(method: Pick<ShippingMethodData, 'carrier' | 'name'>): string {
  return method.name.startsWith(method.carrier) ? method.name : `${method.carrier} ${method.name}`;
}
