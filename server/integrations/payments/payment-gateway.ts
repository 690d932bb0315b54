/**
 * What the server needs from a card processor (DESIGN §4). The browser hands the card to the
 * gateway's own fields and sends us the gateway's token for it (cardOfToken reads its brand,
 * last 4 and expiry); a card kept for later is attached to the patient as the gateway's
 * customer (keepCard); charges and refunds go by token under our idempotency key, and a charge
 * can be looked up by that key (findCharge). The sandbox (development) and Stripe implement it.
 * Only the sandbox also takes typed card details (tokenizeCard), for API clients and tests.
 */
export interface CardDetails {
  /** Digits only. */
  number: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
  cvc: string;
  holderName?: string | null;
}

/** What may be kept of a card (PCI DSS 3.3.1, 3.4.1): never the number or the CVC. */
export interface CardToken {
  token: string;
  /** The card network, as card-validator and Stripe name it: visa, mastercard, american-express... */
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** The card field at fault when a card cannot be tokenized. */
export type CardField = 'cardNumber' | 'expiry' | 'cvc';

export type TokenizeResult =
  | { ok: true; card: CardToken }
  | { ok: false; code: string; message: string; field: CardField };

/** How the card is present: the patient paying, an agent typing it over the phone, or nobody. */
export type ChargeChannel = 'online' | 'phone' | 'off-session';

export interface ChargeRequest {
  token: string;
  channel: ChargeChannel;
  amountCents: number;
  /** The same key charges once: a retry answers the first charge's result. */
  idempotencyKey: string;
  description: string;
}

export type ChargeResult =
  | { ok: true; chargeId: string }
  | { ok: false; declineCode: string; message: string };

export interface RefundRequest {
  chargeId: string;
  amountCents: number;
  /** The same key refunds once. */
  idempotencyKey: string;
}

/** Whom a kept card belongs to; customerId is the gateway's, once it has one. */
export interface CardOwner {
  userId: string;
  email: string;
  customerId: string | null;
}

/** A card kept for later payments: the token to store and charge, and the owner's customer. */
export interface KeptCard {
  token: string;
  customerId: string | null;
}

/** What the browser's card fields need to know of the gateway (never a secret). */
export type CardFieldsConfig =
  | { gateway: 'sandbox'; tokensPath: string }
  | { gateway: 'stripe'; publishableKey: string };

/** A webhook event, once its signature is checked: the charges it reports, or nothing we use. */
export type GatewayEvent =
  | {
      id: string;
      type: 'charge-succeeded';
      idempotencyKey: string | null;
      chargeId: string;
      amountCents: number;
    }
  | { id: string; type: 'other'; name: string };

export type RefundResult = { ok: true; refundId: string } | { ok: false; message: string };

export interface PaymentGateway {
  /** Stored with each payment row ("sandbox", "stripe"). */
  readonly name: string;
  readonly cardFields: CardFieldsConfig;
  /** Typed card details: the sandbox only (Stripe refuses them, they never reach it). */
  tokenizeCard(card: CardDetails): Promise<TokenizeResult>;
  /** The card behind a token made by the gateway's fields; refused when the gateway never made it. */
  cardOfToken(token: string): Promise<TokenizeResult>;
  /** Attaches a card to its owner for later payments (before the first charge that saves it). */
  keepCard(token: string, owner: CardOwner): Promise<KeptCard>;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** The outcome of the charge made with this key, or null when the gateway never saw it. */
  findCharge(idempotencyKey: string): Promise<ChargeResult | null>;
  refund(request: RefundRequest): Promise<RefundResult>;
  /** A webhook's event after its signature is checked; throws on a forged or stale one. */
  verifyEvent(rawBody: Buffer, signature: string): GatewayEvent;
}
