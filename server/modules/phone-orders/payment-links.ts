import { and, eq, isNull } from 'drizzle-orm';
import type {
  PaymentLinkData,
  PayPaymentLinkRequest,
} from '../../../shared/contracts/phone-orders';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/identity';
import { storefronts } from '../../db/schema/platform';
import { paymentLinks } from '../../db/schema/staff';
import type { AppDeps } from '../../deps';
import { sha256 } from '../../lib/secrets';
import { writeAudit } from '../audit/audit-service';
import type { RequestContext } from '../auth/request-context';
import { priceOrder } from '../orders/order-pricing';
import { findOrder, type OrderRow } from '../orders/order-queries';
import { warmStorefrontCaches } from '../orders/order-route';
import { type IdempotentResult, requestHashOf, withIdempotency } from '../payments/idempotency';
import { type PayOrderResult, payOrder } from '../payments/pay-order';
import { maskEmail } from '../registration/mask-email';
import { patientPrincipal } from './acting-for-patient';

type LinkRow = typeof paymentLinks.$inferSelect;

/** newToken() makes 43 base64url characters; anything far from that is not worth a query. */
const tokenShape = /^[A-Za-z0-9_-]{16,128}$/;

const invalidLink = () => fail.notFound(messages.paymentLinkInvalid);

/** The link a token names, used or not; null for a token nobody was sent. */
async function linkByToken(db: DbOrTx, token: string): Promise<LinkRow | null> {
  if (!tokenShape.test(token)) return null;
  const [link] = await db
    .select()
    .from(paymentLinks)
    .where(eq(paymentLinks.tokenHash, sha256(token)))
    .limit(1);
  return link ?? null;
}

/**
 * A link that can still be paid, with its order: unused, unexpired, and its order still
 * waiting for this payment. A token nobody was sent is 404 (a guess learns nothing); the
 * holder of a real link is told why it no longer works (410): used, expired, or its order
 * closed (cancelled by the pharmacy).
 */
async function payableLink(
  db: DbOrTx,
  link: LinkRow | null,
  now = new Date(),
): Promise<{ link: LinkRow; order: OrderRow & { userId: string } }> {
  if (!link) throw invalidLink();
  if (link.usedAt !== null) throw fail.gone(messages.paymentLinkUsed);
  if (link.expiresAt <= now) throw fail.gone(messages.paymentLinkExpired);
  const order = await findOrder(db, link.orderId);
  if (order?.status !== 'awaiting-payment' || !order.userId) {
    throw fail.gone(messages.paymentLinkClosed);
  }
  return { link, order: order as OrderRow & { userId: string } };
}

/** A payment link's payment, and where its receipt went (masked). */
export interface PaidLink {
  payment: PayOrderResult;
  receiptSentTo: string;
}

/** GET payment/links/:token: what the patient is asked to pay (no personal data). */
export async function paymentLinkView(deps: AppDeps, token: string): Promise<PaymentLinkData> {
  const { db } = deps.database;
  const { link, order } = await payableLink(db, await linkByToken(db, token));
  await warmStorefrontCaches(deps, order.storefrontId);
  const priced = await priceOrder(deps, db, order);
  const [storefront] = await db
    .select({ name: storefronts.name })
    .from(storefronts)
    .where(eq(storefronts.id, order.storefrontId));
  return {
    storefrontName: storefront?.name ?? 'Storefront',
    orderNumber: order.orderNumber,
    items: priced.items.map((item) => ({
      productId: item.productId,
      displayName: priced.products.get(item.productId)?.displayName ?? 'Product',
      qty: item.qty,
      unitPriceCents: item.unitPriceCents,
      lineTotalCents: item.unitPriceCents * item.qty,
    })),
    totals: { ...priced.totals },
    expiresAt: link.expiresAt.toISOString(),
  };
}

/**
 * POST payment/links/:token/pay: the patient pays their phone order with a card, no account
 * session needed. The link is the credential: it must be unused and unexpired and its order
 * awaiting payment; the payment then runs as the order's patient. It works once: marked used
 * right after the success (guarded by `used_at is null`), and a paid order is no longer
 * awaiting payment anyway. A decline leaves it usable. One answer per Idempotency-Key.
 */
export async function payPaymentLink(
  deps: AppDeps,
  context: RequestContext,
  token: string,
  body: PayPaymentLinkRequest,
  key: string,
): Promise<IdempotentResult<PaidLink>> {
  const { db } = deps.database;
  const found = await linkByToken(db, token);
  if (!found) throw invalidLink();
  const scope = `payment-link:${found.id}`;
  return withIdempotency<PaidLink>(
    db,
    { scope, key, requestHash: requestHashOf(deps.config.serverSecret, body) },
    async (keepResult) => {
      const { link, order } = await payableLink(db, found);
      const [patient] = await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(eq(users.id, order.userId));
      if (!patient) throw invalidLink();
      const paidLink = (payment: PayOrderResult): PaidLink => ({
        payment,
        receiptSentTo: maskEmail(patient.email),
      });
      const payment = await payOrder(deps, context, {
        orderId: order.id,
        card: { kind: 'new', card: body.card, save: false },
        idempotencyKey: `${scope}:${key}`,
        actor: patientPrincipal(patient),
        // With the payment itself: the link is used up, the audit says so, the result is kept.
        onSettled: async (tx, settled) => {
          if (settled.outcome === 'paid') {
            await tx
              .update(paymentLinks)
              .set({ usedAt: new Date() })
              .where(and(eq(paymentLinks.id, link.id), isNull(paymentLinks.usedAt)));
            await writeAudit(tx, context, {
              action: 'payment-link.paid',
              outcome: 'success',
              subject: `order:${order.id}`,
              detail: { linkId: link.id, patientId: patient.id },
            });
          }
          await keepResult(tx, paidLink(settled));
        },
      });
      return paidLink(payment);
    },
  );
}
