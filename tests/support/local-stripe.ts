import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server that answers the Stripe API calls our adapter makes, as Stripe answers them
 * (form-encoded requests, JSON answers, Idempotency-Key replays, card errors as 402), so the
 * official SDK runs unchanged against it. Test payment methods are Stripe's own names.
 */

interface Card {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  /** How charges on it end: null succeeds, else Stripe's decline code. */
  decline: string | null;
}

/** Stripe's test PaymentMethods (docs: "Testing"). */
const testMethods: Record<string, Card> = {
  pm_card_visa: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034, decline: null },
  pm_card_amex: { brand: 'amex', last4: '8431', exp_month: 12, exp_year: 2034, decline: null },
  pm_card_chargeDeclined: {
    brand: 'visa',
    last4: '0002',
    exp_month: 12,
    exp_year: 2034,
    decline: 'generic_decline',
  },
  pm_card_chargeDeclinedInsufficientFunds: {
    brand: 'visa',
    last4: '9995',
    exp_month: 12,
    exp_year: 2034,
    decline: 'insufficient_funds',
  },
};

export interface RecordedIntent {
  id: string;
  amount: number;
  customer: string | null;
  paymentMethod: string;
  metadata: Record<string, string>;
  moto: boolean;
  offSession: boolean;
  status: 'succeeded' | 'requires_payment_method';
  declineCode: string | null;
}

export interface LocalStripe {
  url: string;
  /** Every PaymentIntent created (replays of a key are not repeated here). */
  intents: RecordedIntent[];
  refunds: { id: string; paymentIntent: string; amount: number }[];
  customers: { id: string; email: string }[];
  attachments: { paymentMethod: string; customer: string }[];
  /** The next PaymentIntent is created and then the connection is cut before its answer. */
  dropNextIntentAnswer(): void;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** `a[b][c]=v` form fields as nested objects, the way Stripe reads them. */
function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [rawKey, value] of new URLSearchParams(body)) {
    const path = rawKey.split(/\[|\]\[|\]/).filter((part) => part !== '');
    let node = out;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else {
        node[part] ??= {};
        node = node[part] as Record<string, unknown>;
      }
    });
  }
  return out;
}

export async function startLocalStripe(): Promise<LocalStripe> {
  const intents: RecordedIntent[] = [];
  const refunds: LocalStripe['refunds'] = [];
  const customers: LocalStripe['customers'] = [];
  const attachments: LocalStripe['attachments'] = [];
  const attachedTo = new Map<string, string>();
  const replays = new Map<string, { body: string; status: number; answer: unknown }>();
  let dropNext = false;

  const intentObject = (intent: RecordedIntent) => ({
    id: intent.id,
    object: 'payment_intent',
    amount: intent.amount,
    amount_received: intent.status === 'succeeded' ? intent.amount : 0,
    currency: 'usd',
    customer: intent.customer,
    payment_method: intent.paymentMethod,
    metadata: intent.metadata,
    status: intent.status,
    last_payment_error: intent.declineCode
      ? { type: 'card_error', code: 'card_declined', decline_code: intent.declineCode }
      : null,
  });

  const methodObject = (pm: string, card: Card) => ({
    id: pm,
    object: 'payment_method',
    type: 'card',
    customer: attachedTo.get(pm) ?? null,
    card: {
      brand: card.brand,
      last4: card.last4,
      exp_month: card.exp_month,
      exp_year: card.exp_year,
    },
  });

  const notFound = (what: string) => ({
    status: 404,
    answer: {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such ${what}`,
      },
    },
  });

  /** One API call: its status and JSON answer. */
  const handle = (
    method: string,
    path: string,
    query: URLSearchParams,
    form: Record<string, unknown>,
  ): { status: number; answer: unknown } => {
    const pmMatch = /^\/v1\/payment_methods\/([^/]+)(\/attach)?$/.exec(path);
    if (pmMatch?.[1]) {
      const pm = pmMatch[1];
      const card = testMethods[pm];
      if (!card) return notFound(`payment_method: '${pm}'`);
      if (pmMatch[2] && method === 'POST') {
        const customer = String(form.customer ?? '');
        if (!customers.some((c) => c.id === customer)) return notFound(`customer: '${customer}'`);
        attachedTo.set(pm, customer);
        attachments.push({ paymentMethod: pm, customer });
      }
      return { status: 200, answer: methodObject(pm, card) };
    }
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: id('cus'), email: String(form.email ?? '') };
      customers.push(customer);
      return {
        status: 200,
        answer: { id: customer.id, object: 'customer', email: customer.email },
      };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const pm = String(form.payment_method ?? '');
      const card = testMethods[pm];
      if (!card) return notFound(`payment_method: '${pm}'`);
      const customer = typeof form.customer === 'string' ? form.customer : null;
      const owner = attachedTo.get(pm);
      if (owner && owner !== customer) {
        return {
          status: 400,
          answer: {
            error: {
              type: 'invalid_request_error',
              message: 'The PaymentMethod is attached to a Customer: pass that Customer.',
            },
          },
        };
      }
      const options = form.payment_method_options as { card?: { moto?: string } } | undefined;
      const intent: RecordedIntent = {
        id: id('pi'),
        amount: Number(form.amount),
        customer,
        paymentMethod: pm,
        metadata: (form.metadata as Record<string, string>) ?? {},
        moto: options?.card?.moto === 'true',
        offSession: form.off_session === 'true',
        status: card.decline ? 'requires_payment_method' : 'succeeded',
        declineCode: card.decline,
      };
      intents.push(intent);
      if (card.decline) {
        return {
          status: 402,
          answer: {
            error: {
              type: 'card_error',
              code: 'card_declined',
              decline_code: card.decline,
              message: 'Your card was declined.',
              payment_intent: intentObject(intent),
            },
          },
        };
      }
      return { status: 200, answer: intentObject(intent) };
    }
    if (method === 'GET' && path === '/v1/payment_intents/search') {
      const match = /^metadata\['([^']+)'\]:'([^']*)'$/.exec(query.get('query') ?? '');
      const found = match
        ? intents.filter((intent) => intent.metadata[match[1] ?? ''] === match[2])
        : [];
      return {
        status: 200,
        answer: { object: 'search_result', data: found.map(intentObject), has_more: false },
      };
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.find((i) => i.id === form.payment_intent);
      if (intent?.status !== 'succeeded') return notFound('payment_intent');
      const amount = Number(form.amount ?? intent.amount);
      const refunded = refunds.filter((r) => r.paymentIntent === intent.id);
      if (refunded.reduce((sum, r) => sum + r.amount, 0) + amount > intent.amount) {
        return {
          status: 400,
          answer: {
            error: { type: 'invalid_request_error', message: 'Refund is more than the charge.' },
          },
        };
      }
      const refund = { id: id('re'), paymentIntent: intent.id, amount };
      refunds.push(refund);
      return {
        status: 200,
        answer: { id: refund.id, object: 'refund', amount, status: 'succeeded' },
      };
    }
    return notFound(`route: ${method} ${path}`);
  };

  const server = createServer(async (request: IncomingMessage, response: ServerResponse) => {
    let body = '';
    for await (const chunk of request) body += chunk;
    const url = new URL(request.url ?? '/', 'http://localhost');
    const method = request.method ?? 'GET';
    const key = request.headers['idempotency-key'];
    const send = (status: number, answer: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      response.end(JSON.stringify(answer));
    };
    if (!String(request.headers.authorization ?? '').startsWith('Bearer sk_test_')) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key' } });
    }
    if (typeof key === 'string' && method === 'POST') {
      const earlier = replays.get(`${url.pathname}|${key}`);
      if (earlier) {
        if (earlier.body !== body) {
          return send(400, {
            error: {
              type: 'idempotency_error',
              message: 'Keys for idempotent requests can only be used with the same parameters.',
            },
          });
        }
        response.setHeader('idempotent-replayed', 'true');
        return send(earlier.status, earlier.answer);
      }
    }
    const { status, answer } = handle(method, url.pathname, url.searchParams, parseForm(body));
    if (typeof key === 'string' && method === 'POST' && status !== 401) {
      replays.set(`${url.pathname}|${key}`, { body, status, answer });
    }
    if (dropNext && url.pathname === '/v1/payment_intents' && method === 'POST') {
      dropNext = false;
      request.socket.destroy();
      return;
    }
    send(status, answer);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    refunds,
    customers,
    attachments,
    dropNextIntentAnswer: () => {
      dropNext = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
