import { applyBasisPoints } from './rounding';

/**
 * A promo code's terms (the `promo_codes` row): a percentage in basis points (1250 is 12.5 %)
 * or a fixed amount in cents, a validity window, a usage cap, a minimum order, and the
 * products it is for (null or empty: every product).
 */
export interface PromoTerms {
  readonly kind: 'percent' | 'fixed';
  readonly value: number;
  readonly startsAt: Date | null;
  readonly endsAt: Date | null;
  readonly maxUses: number | null;
  readonly uses: number;
  readonly minOrderCents: number;
  readonly productIds: readonly number[] | null;
}

export interface PromoLine {
  readonly productId: number;
  readonly lineCents: number;
}

export type PromoOutcome =
  | { valid: true; discountCents: number }
  | {
      valid: false;
      reason: 'not-started' | 'ended' | 'used-up' | 'minimum' | 'no-eligible-product';
    };

/**
 * Whether a code applies to an order now, and its discount: a percentage (rounded half up to
 * the cent) or a fixed amount (never more than they are), of the eligible products' subtotal
 * only, within its validity window and usage cap, with the whole order above its minimum.
 * The one promo rule: the server prices every order with it (`priceOrder`), the seed too.
 */
export function evaluatePromo(
  promo: PromoTerms,
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
