import { applyBasisPoints } from '../../../shared/cart/rounding';
import type { promoCodes } from '../../db/schema/orders';

export type PromoRow = typeof promoCodes.$inferSelect;

export interface PromoLine {
  productId: number;
  lineCents: number;
}

export type PromoOutcome =
  | { valid: true; discountCents: number }
  | {
      valid: false;
      reason: 'not-started' | 'ended' | 'used-up' | 'minimum' | 'no-eligible-product';
    };

/**
 * Whether a code applies to an order now, and its discount: a percentage (basis points) or a
 * fixed amount, of the eligible products' subtotal only (all products when the code names
 * none), within its validity window and usage cap, above its minimum order.
 */
export function evaluatePromo(
  promo: PromoRow,
  lines: readonly PromoLine[],
  now: Date,
): PromoOutcome {
  if (promo.startsAt && promo.startsAt.getTime() > now.getTime())
    return { valid: false, reason: 'not-started' };
  if (promo.endsAt && promo.endsAt.getTime() <= now.getTime())
    return { valid: false, reason: 'ended' };
  if (promo.maxUses !== null && promo.uses >= promo.maxUses)
    return { valid: false, reason: 'used-up' };
  const subtotal = lines.reduce((sum, line) => sum + line.lineCents, 0);
  if (subtotal < promo.minOrderCents) return { valid: false, reason: 'minimum' };
  const eligible = promo.productIds?.length
    ? lines.filter((line) => promo.productIds?.includes(line.productId))
    : lines;
  const eligibleCents = eligible.reduce((sum, line) => sum + line.lineCents, 0);
  if (eligibleCents === 0) return { valid: false, reason: 'no-eligible-product' };
  const discountCents =
    promo.kind === 'percent'
      ? applyBasisPoints(eligibleCents, promo.value)
      : Math.min(promo.value, eligibleCents);
  return { valid: true, discountCents };
}
