import { and, eq, gt, isNull } from 'drizzle-orm';
import { formatUsd } from '../../../shared/cart/money';
import type { CartTotals } from '../../../shared/cart/totals';
import { linkRoutes, linkTo } from '../../../shared/checkout/routes';
import type { PhoneOrderData } from '../../../shared/contracts/phone-orders';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import { users } from '../../db/schema/identity';
import { storefronts } from '../../db/schema/platform';
import { paymentLinks } from '../../db/schema/staff';
import type { AppDeps } from '../../deps';
import type { OutgoingMessage } from '../../integrations/notifier/notifier';
import { newToken, sha256 } from '../../lib/secrets';
import { writeAudit } from '../audit/audit-service';
import type { RequestContext } from '../auth/request-context';
import { priceOrder } from '../orders/order-pricing';
import { warmStorefrontCaches } from '../orders/order-route';
import { assertTransition, moveStatus } from '../orders/order-status';
import { assertReadyToPay } from '../payments/payable';
import { holdForPaymentLink } from '../scheduling/slot-holds';
import type { StaffPrincipal } from './acting-for-patient';
import { maskContact } from './mask-contact';
import { phoneOrderOf } from './service';

/** How long a payment link can be paid. */
export const paymentLinkLifetimeMs = 7 * 24 * 60 * 60 * 1000;

function linkMessage(input: {
  channel: 'sms' | 'email';
  to: string;
  url: string;
  storefrontName: string;
  firstName: string;
  totals: CartTotals;
  expiresAt: Date;
}): OutgoingMessage {
  const total = formatUsd(input.totals.totalCents);
  const until = input.expiresAt.toISOString().slice(0, 10);
  if (input.channel === 'sms') {
    return {
      channel: 'sms',
      to: input.to,
      subject: `${input.storefrontName} payment link`,
      body: `${input.storefrontName}: pay ${total} for your order at ${input.url} (valid until ${until}).`,
    };
  }
  return {
    channel: 'email',
    to: input.to,
    subject: `Complete your ${input.storefrontName} order`,
    body: [
      `Hello ${input.firstName},`,
      '',
      `As discussed on the phone, your order is ready. Its total is ${total}.`,
      `Pay it securely here: ${input.url}`,
      '',
      `This link works once and expires on ${until}.`,
    ].join('\n'),
  };
}

/**
 * Sends the patient a link to pay the phone order themselves. The order must be ready to pay
 * (every step done but Payment); it then waits in 'awaiting-payment' with its prices frozen,
 * and its visit time stays held for the link's life. Only the token's hash is kept. Sending
 * again while it waits replaces the earlier link (the patient lost it, or wants it elsewhere).
 */
export async function sendPaymentLink(
  deps: AppDeps,
  context: RequestContext,
  agent: StaffPrincipal,
  input: { orderId: string; channel: 'sms' | 'email' },
): Promise<PhoneOrderData> {
  const { db } = deps.database;
  const seen = await phoneOrderOf(db, agent, input.orderId);
  await warmStorefrontCaches(deps, seen.storefrontId);
  const [patient] = await db.select().from(users).where(eq(users.id, seen.userId));
  if (!patient) throw fail.notFound(messages.patientNotFound);
  const to = input.channel === 'sms' ? patient.phone?.trim() : patient.email;
  if (!to) throw fail.badRequest(messages.patientHasNoPhone, { channel: 'invalid' });

  const token = newToken();
  const now = new Date();
  const expiresAt = new Date(now.getTime() + paymentLinkLifetimeMs);
  const sent = await db.transaction(async (tx) => {
    const order = await phoneOrderOf(tx, agent, input.orderId, { forUpdate: true });
    if (order.status === 'disqualified') throw fail.conflict(messages.orderDisqualified);
    if (order.status !== 'awaiting-payment') assertTransition(order.status, 'awaiting-payment');
    const priced = await priceOrder(deps, tx, order);
    assertReadyToPay(priced.items);
    // The patient must be able to pay what they are sent: payOrder refuses a dead promo code.
    if (order.couponCode && !priced.isPromoCodeApplied) throw fail.conflict(messages.promoInvalid);
    // The time the agent agreed with the patient stays theirs while the link can be paid.
    if (!(await holdForPaymentLink(tx, order.id, expiresAt, now))) {
      throw fail.conflict(messages.slotNotFound);
    }
    if (order.status !== 'awaiting-payment') {
      await moveStatus(tx, order, 'awaiting-payment', agent.userId, {
        set: { placedByAgentId: agent.userId },
        note: `Payment link sent by ${input.channel}.`,
      });
    }
    // One live link per order: an earlier one stops working.
    await tx
      .update(paymentLinks)
      .set({ expiresAt: now })
      .where(
        and(
          eq(paymentLinks.orderId, order.id),
          isNull(paymentLinks.usedAt),
          gt(paymentLinks.expiresAt, now),
        ),
      );
    const [link] = await tx
      .insert(paymentLinks)
      .values({
        orderId: order.id,
        tokenHash: sha256(token),
        channel: input.channel,
        sentTo: to,
        createdByAgentId: agent.userId,
        createdAt: now,
        expiresAt,
      })
      .returning({ id: paymentLinks.id });
    await writeAudit(tx, context, {
      action: 'phone-order.payment-link-sent',
      outcome: 'success',
      subject: `order:${order.id}`,
      detail: { linkId: link?.id, channel: input.channel, expiresAt: expiresAt.toISOString() },
    });
    const [storefront] = await tx
      .select({ name: storefronts.name })
      .from(storefronts)
      .where(eq(storefronts.id, order.storefrontId));
    return { totals: priced.totals, storefrontName: storefront?.name ?? 'Storefront' };
  });

  // After the commit: the link exists even if the message cannot go out now (it can be resent).
  const message = linkMessage({
    channel: input.channel,
    to,
    url: linkTo(deps.config.publicUrl, `${linkRoutes.payLink}/${token}`),
    storefrontName: sent.storefrontName,
    firstName: patient.firstName,
    totals: sent.totals,
    expiresAt,
  });
  await deps.notifier.send(message).catch((error: unknown) => {
    context.log?.warn({ err: error, orderId: input.orderId }, 'payment link message failed');
  });
  return {
    outcome: 'link-sent',
    orderId: input.orderId,
    status: 'awaiting-payment',
    channel: input.channel,
    linkSentTo: maskContact(input.channel, to),
    expiresAt: expiresAt.toISOString(),
    totals: { ...sent.totals },
  };
}
