import { randomUUID } from 'node:crypto';
import { productBySku } from '../../api/helpers/catalog';
import { californiaAddress } from '../../api/helpers/checkout';
import { call, type EnvelopeBody, type HttpAnswer } from '../../api/helpers/http';
import { withEmailCode } from '../../api/helpers/registration-code';
import { guestToken } from '../../api/helpers/users';
import type { Cluster } from './cluster';
import { servedBy } from './cluster';

export const testCard = {
  cardNumber: '4242424242424242',
  expMonth: 12,
  expYear: 2030,
  cvc: '123',
  holderName: 'Jane Doe',
};

/**
 * A guest's checkout up to the payment, through `baseUrl` (nginx or one replica): an OTC
 * product, shipping to California, registration that takes the guest order into the account.
 * Answers the order, the new patient's token and who served each call.
 */
export async function orderReadyToPay(cluster: Cluster, baseUrl = cluster.url) {
  const served: string[] = [];
  const step = async (answer: Promise<HttpAnswer<EnvelopeBody>>, what: string) => {
    const res = await answer;
    served.push(servedBy(res.headers));
    if (res.status !== 200) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.Data;
  };
  const guest = await guestToken({ ...cluster, url: baseUrl });
  const product = await productBySku(cluster, 'OTC-EYE-DROPS');
  const order = await step(
    call(baseUrl, 'POST', '/api/v1/guestorders', {
      token: guest,
      json: { storefrontId: 132, items: [{ productId: product.id, qty: 1 }] },
    }),
    'guest order',
  );
  const methods = await step(
    call(
      baseUrl,
      'GET',
      `/api/payment/GetProductWiseShippingMethodsWithState?state=CA&orderId=${order.id}`,
      { token: guest },
    ),
    'shipping methods',
  );
  await step(
    call(baseUrl, 'PATCH', '/api/v1/guestorders/current/carrier', {
      token: guest,
      json: { shippingMethodId: methods.items[0].methods[0].id, address: californiaAddress },
    }),
    'carrier',
  );
  // The code is read back from the dev outbox of the replica that sealed it (each process seals
  // the bodies it keeps with a key of its own), so both calls go to one replica: the last, which
  // the tests that kill a replica during checkouts leave running.
  const registration = await withEmailCode(
    cluster.replicas.at(-1)?.url ?? baseUrl,
    {
      Email: `buyer-${randomUUID()}@example.test`,
      Password: 'Sunrise#2026',
      CompanyId: 132,
      FirstName: 'Jane',
      LastName: 'Doe',
      guestOrderId: order.id,
    },
    { token: guest },
  );
  const registered = await step(
    call(baseUrl, 'POST', '/api/user/Register', { token: guest, json: registration }),
    'register',
  );
  return { orderId: order.id as string, token: registered.access_token as string, served };
}

export function payNow(baseUrl: string, token: string, orderId: string, key: string) {
  return call(baseUrl, 'POST', '/api/payment/PayNow', {
    token,
    headers: { 'idempotency-key': key },
    json: { orderId, card: testCard },
  });
}

/**
 * Pays as the apps do (shared/api/api-error.ts, paymentOutcomeUnknown): one Idempotency-Key
 * for the attempt, sent again while no answer came (a network error, a 5xx, 409 "already
 * being processed"), until a 200 or a 402. Counts what it had to retry.
 */
export async function payLikeTheApps(
  baseUrl: string,
  token: string,
  orderId: string,
  options: { deadlineMs?: number; retried?: Record<string, number> } = {},
) {
  const key = `cluster-${randomUUID()}`;
  const deadline = Date.now() + (options.deadlineMs ?? 15_000);
  const retried = options.retried ?? {};
  while (Date.now() < deadline) {
    let reason: string;
    try {
      const res = await payNow(baseUrl, token, orderId, key);
      if (res.status === 200 || res.status === 402) return res;
      reason = String(res.status);
    } catch {
      // The connection broke (a replica died): the answer is unknown, so ask again.
      reason = 'network error';
    }
    retried[reason] = (retried[reason] ?? 0) + 1;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`order ${orderId}: no answer to PayNow`);
}
