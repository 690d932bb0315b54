/**
 * What the server needs from a card processor (DESIGN §4): turn card details into a token once,
 * then charge and refund by token, and look a charge up by the key it was made with. The
 * built-in sandbox implements it; a Stripe adapter would map tokenizeCard to a PaymentMethod,
 * charge to a PaymentIntent confirmed with the idempotency key (and carrying it in its
 * metadata, to be searched by findCharge), and refund to a Refund. Card numbers and CVCs go in
 * and never come back out.
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

export interface ChargeRequest {
  token: string;
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
}

export type RefundResult = { ok: true; refundId: string } | { ok: false; message: string };

export interface PaymentGateway {
  /** Stored with each payment row ("sandbox", "stripe"). */
  readonly name: string;
  tokenizeCard(card: CardDetails): Promise<TokenizeResult>;
  charge(request: ChargeRequest): Promise<ChargeResult>;
  /** The outcome of the charge made with this key, or null when the gateway never saw it. */
  findCharge(idempotencyKey: string): Promise<ChargeResult | null>;
  refund(request: RefundRequest): Promise<RefundResult>;
}
