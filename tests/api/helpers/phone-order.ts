import { randomUUID } from 'node:crypto';
import { productBySku } from './catalog';
import { californiaAddress } from './checkout';
import { call } from './http';
import type { AppUnderTest } from './test-app';

/** Customer-service phone orders built through the API, as the console builds them. */
export function phoneOrders(t: AppUnderTest, agentToken: string) {
  const ok = <T extends { status: number; body: unknown }>(res: T, what: string): T => {
    if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
    return res;
  };

  const open = (patientId: string, token = agentToken) =>
    call(t.url, 'POST', '/api/staff/phone-orders', { token, json: { patientId } });

  const setItems = async (orderId: string, items: { sku: string; qty: number }[]) => {
    const lines = [];
    for (const item of items) {
      lines.push({ productId: (await productBySku(t, item.sku)).id, qty: item.qty });
    }
    return call(t.url, 'PATCH', `/api/staff/phone-orders/${orderId}/items`, {
      token: agentToken,
      json: { items: lines },
    });
  };

  const shipToCalifornia = async (orderId: string) => {
    ok(
      await call(t.url, 'POST', '/api/order/AddShippingAddress', {
        token: agentToken,
        json: { orderId, ...californiaAddress },
      }),
      'address',
    );
    const methods = ok(
      await call(
        t.url,
        'GET',
        `/api/payment/GetProductWiseShippingMethodsWithState?state=CA&orderId=${orderId}`,
        { token: agentToken },
      ),
      'methods',
    );
    const shipped = ok(
      await call(t.url, 'POST', '/api/payment/UpdateShippingFee', {
        token: agentToken,
        json: { orderId, shippingMethodId: methods.body.Data.items[0].methods[0].id },
      }),
      'shipping',
    );
    return shipped.body.Data;
  };

  const place = (body: unknown, key: string = randomUUID(), token = agentToken) =>
    call(t.url, 'POST', '/api/order/PhoneOrder', {
      token,
      headers: { 'idempotency-key': key },
      json: body,
    });

  /** A phone order of one OTC product, every step done but the payment. */
  const readyOtcOrder = async (patientId: string) => {
    const orderId = ok(await open(patientId), 'open').body.Data.id as string;
    ok(await setItems(orderId, [{ sku: 'OTC-EYE-DROPS', qty: 1 }]), 'items');
    const data = await shipToCalifornia(orderId);
    return { orderId, totalCents: data.totals.totalCents as number };
  };

  /** The token of the payment link in a message's text. */
  const linkTokenIn = (text: string): string => {
    const match = new RegExp(`${t.config.publicUrl}/pay/([A-Za-z0-9_-]+)`).exec(text);
    if (!match?.[1]) throw new Error(`no payment link in: ${text}`);
    return match[1];
  };

  /** An OTC phone order whose payment link went to the patient by email: its link's URL path. */
  const emailedPaymentLink = async (patient: { id: string; email: string }) => {
    const { orderId, totalCents } = await readyOtcOrder(patient.id);
    ok(await place({ orderId, payment: { kind: 'payment-link', channel: 'email' } }), 'link');
    const outbox = await call(
      t.url,
      'GET',
      `/api/dev/outbox?to=${encodeURIComponent(patient.email)}`,
    );
    const mails = outbox.body.Data as { body: string }[];
    const mail = mails.find((m) => m.body.includes('/pay/'));
    return { orderId, totalCents, token: linkTokenIn(mail?.body ?? '') };
  };

  return {
    open,
    setItems,
    shipToCalifornia,
    place,
    readyOtcOrder,
    linkTokenIn,
    emailedPaymentLink,
  };
}
