import { randomBytes } from 'node:crypto';
import { messages } from '../../../shared/errors/messages';
import { checkCard } from './card-checks';
import type {
  CardDetails,
  CardToken,
  ChargeRequest,
  ChargeResult,
  PaymentGateway,
  RefundRequest,
  RefundResult,
  TokenizeResult,
} from './payment-gateway';

/** How a charge on a card ends. The outcome is fixed when the card is tokenized. */
const outcomes = ['ok', 'declined', 'insufficient', 'expired', 'cvc'] as const;
type Outcome = (typeof outcomes)[number];

/** The sandbox's test cards (Stripe's numbers); any other valid card number succeeds. */
export const sandboxTestCards = {
  success: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  expired: '4000000000000069',
  incorrectCvc: '4000000000000127',
} as const;

const outcomeOfTestCard: Record<string, Outcome> = {
  [sandboxTestCards.declined]: 'declined',
  [sandboxTestCards.insufficientFunds]: 'insufficient',
  [sandboxTestCards.expired]: 'expired',
  [sandboxTestCards.incorrectCvc]: 'cvc',
};

const declines: Record<Exclude<Outcome, 'ok'>, { declineCode: string; message: string }> = {
  declined: { declineCode: 'card_declined', message: messages.cardDeclined },
  insufficient: { declineCode: 'insufficient_funds', message: messages.cardInsufficientFunds },
  expired: { declineCode: 'expired_card', message: messages.cardExpired },
  cvc: { declineCode: 'incorrect_cvc', message: messages.cardIncorrectCvc },
};

const tokenPattern = new RegExp(`^tok_sandbox_(${outcomes.join('|')})_[A-Za-z0-9_-]{16,}$`);

/**
 * Random ids in base64url: almost no digits in a row, so an id can never look like a card
 * number to the scans for Luhn-valid digit runs (SECURITY "Payments").
 */
function randomId(prefix: string): string {
  return `${prefix}_${randomBytes(18).toString('base64url')}`;
}

export interface SandboxCharge {
  chargeId: string | null;
  amountCents: number;
  idempotencyKey: string;
  result: ChargeResult;
}

export interface SandboxGateway extends PaymentGateway {
  /** Every charge this instance really executed (idempotent retries are not repeated here). */
  readonly charges: readonly SandboxCharge[];
  /** Charges that took money. */
  succeededChargeCount(): number;
  readonly refunds: readonly RefundRequest[];
  /** What this instance was told about a token's card (nothing after a restart). */
  cardOf(token: string): CardToken | undefined;
}

/**
 * The built-in gateway (DESIGN §4): no network, no account. Tokens say how their charges end
 * (tok_sandbox_<outcome>_<random>), so a token saved before a restart still charges the same
 * way; the card's other facts are kept in memory only (the stored card row is what the server
 * trusts, e.g. its expiry after UpdateCard). The number and CVC are never kept.
 */
export function createSandboxGateway(): SandboxGateway {
  const cards = new Map<string, CardToken>();
  const byIdempotencyKey = new Map<string, { fingerprint: string; result: ChargeResult }>();
  const chargeAmounts = new Map<string, { amountCents: number; refundedCents: number }>();
  const charges: SandboxCharge[] = [];
  const refunds: RefundRequest[] = [];

  return {
    name: 'sandbox',
    charges,
    refunds,
    succeededChargeCount: () => charges.filter((c) => c.result.ok).length,
    cardOf: (token) => cards.get(token),

    async tokenizeCard(card: CardDetails): Promise<TokenizeResult> {
      const check = checkCard(card);
      if (!check.ok) return check;
      const outcome = outcomeOfTestCard[card.number] ?? 'ok';
      const token: CardToken = {
        token: randomId(`tok_sandbox_${outcome}`),
        brand: check.brand,
        last4: check.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
      };
      cards.set(token.token, token);
      return { ok: true, card: token };
    },

    async charge(request: ChargeRequest): Promise<ChargeResult> {
      // No await before the map is updated: concurrent calls with one key cannot both charge.
      const fingerprint = `${request.token}|${request.amountCents}`;
      const earlier = byIdempotencyKey.get(request.idempotencyKey);
      if (earlier) {
        return earlier.fingerprint === fingerprint
          ? earlier.result
          : { ok: false, declineCode: 'idempotency_key_in_use', message: messages.cardDeclined };
      }
      const result = decide(request);
      byIdempotencyKey.set(request.idempotencyKey, { fingerprint, result });
      charges.push({
        chargeId: result.ok ? result.chargeId : null,
        amountCents: request.amountCents,
        idempotencyKey: request.idempotencyKey,
        result,
      });
      if (result.ok)
        chargeAmounts.set(result.chargeId, { amountCents: request.amountCents, refundedCents: 0 });
      return result;
    },

    async refund(request: RefundRequest): Promise<RefundResult> {
      const charge = chargeAmounts.get(request.chargeId);
      if (!charge) return { ok: false, message: 'No such charge.' };
      if (
        !Number.isSafeInteger(request.amountCents) ||
        request.amountCents <= 0 ||
        charge.refundedCents + request.amountCents > charge.amountCents
      ) {
        return { ok: false, message: 'The refund is more than what is left of the charge.' };
      }
      charge.refundedCents += request.amountCents;
      refunds.push({ ...request });
      return { ok: true, refundId: randomId('re_sandbox') };
    },
  };
}

function decide(request: ChargeRequest): ChargeResult {
  const match = tokenPattern.exec(request.token);
  const outcome = match?.[1] as Outcome | undefined;
  if (!outcome) return { ok: false, declineCode: 'invalid_token', message: messages.cardDeclined };
  if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) {
    return { ok: false, declineCode: 'invalid_amount', message: messages.cardDeclined };
  }
  if (outcome !== 'ok') return { ok: false, ...declines[outcome] };
  return { ok: true, chargeId: randomId('ch_sandbox') };
}
