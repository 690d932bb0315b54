import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { messages } from '../../../shared/errors/messages';
import type { DbOrTx } from '../../db/client';
import { sandboxCharges } from '../../db/schema/orders';
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
/** A token also names its card: tok_sandbox_<outcome>_<brand>_<last 4>_<MMYYYY>_<random>. */
const cardTokenPattern = new RegExp(
  `^tok_sandbox_(?:${outcomes.join('|')})_([a-z-]{2,30})_(\\d{4})_(\\d{2})(\\d{4})_[A-Za-z0-9_-]{16,}$`,
);

/** Where the sandbox's card fields send a card (our server plays the gateway in development). */
export const sandboxTokensPath = '/sandbox-gateway/v1/tokens';

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
  /** Charges this instance made that took money. */
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
 *
 * Its charges are kept in the database (sandbox_charges), outside of any transaction of ours,
 * as a real gateway keeps them on its side: they survive a crash of the server, a key charges
 * once across every process, and a charge can be looked up by its key (findCharge).
 */
export function createSandboxGateway(
  ledger: DbOrTx,
  options: { latencyMs?: number } = {},
): SandboxGateway {
  // A real gateway answers in a few hundred milliseconds; a latency makes the sandbox as slow,
  // half before its decision and half after, so that a crash can fall on either side of it.
  const halfLatency = Math.max(0, options.latencyMs ?? 0) / 2;
  const wait = () =>
    halfLatency > 0 ? new Promise((resolve) => setTimeout(resolve, halfLatency)) : undefined;
  const cards = new Map<string, CardToken>();
  const charges: SandboxCharge[] = [];
  const refunds: RefundRequest[] = [];
  const refundIds = new Map<string, string>();

  return {
    name: 'sandbox',
    cardFields: { gateway: 'sandbox', tokensPath: sandboxTokensPath },
    charges,
    refunds,
    succeededChargeCount: () => charges.filter((c) => c.result.ok).length,
    cardOf: (token) => cards.get(token),

    async tokenizeCard(card: CardDetails): Promise<TokenizeResult> {
      const check = checkCard(card);
      if (!check.ok) return check;
      const outcome = outcomeOfTestCard[card.number] ?? 'ok';
      const expiry = `${String(card.expMonth).padStart(2, '0')}${card.expYear}`;
      const token: CardToken = {
        token: randomId(`tok_sandbox_${outcome}_${check.brand}_${check.last4}_${expiry}`),
        brand: check.brand,
        last4: check.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
      };
      cards.set(token.token, token);
      return { ok: true, card: token };
    },

    async cardOfToken(token: string): Promise<TokenizeResult> {
      const match = cardTokenPattern.exec(token);
      if (!match?.[1] || !match[2] || !match[3] || !match[4]) {
        return {
          ok: false,
          code: 'invalid_token',
          message: messages.cardNumberIncorrect,
          field: 'cardNumber',
        };
      }
      return {
        ok: true,
        card: {
          token,
          brand: match[1],
          last4: match[2],
          expMonth: Number(match[3]),
          expYear: Number(match[4]),
        },
      };
    },

    async keepCard(token: string) {
      return { token, customerId: null };
    },

    verifyEvent(): never {
      throw new Error('the sandbox sends no webhooks');
    },

    async charge(request: ChargeRequest): Promise<ChargeResult> {
      await wait();
      const fingerprint = `${request.token}|${request.amountCents}`;
      const result = decide(request);
      // The key's row is written once: of concurrent calls with one key, one inserts and the
      // others read its result.
      const [inserted] = await ledger
        .insert(sandboxCharges)
        .values({
          idempotencyKey: request.idempotencyKey,
          fingerprint,
          amountCents: request.amountCents,
          chargeId: result.ok ? result.chargeId : null,
          declineCode: result.ok ? null : result.declineCode,
          message: result.ok ? null : result.message,
        })
        .onConflictDoNothing()
        .returning({ key: sandboxCharges.idempotencyKey });
      if (inserted) {
        charges.push({
          chargeId: result.ok ? result.chargeId : null,
          amountCents: request.amountCents,
          idempotencyKey: request.idempotencyKey,
          result,
        });
        await wait();
        return result;
      }
      const [earlier] = await ledger
        .select()
        .from(sandboxCharges)
        .where(eq(sandboxCharges.idempotencyKey, request.idempotencyKey));
      await wait();
      if (!earlier || earlier.fingerprint !== fingerprint) {
        return { ok: false, declineCode: 'idempotency_key_in_use', message: messages.cardDeclined };
      }
      return resultOf(earlier);
    },

    async findCharge(idempotencyKey: string): Promise<ChargeResult | null> {
      const [row] = await ledger
        .select()
        .from(sandboxCharges)
        .where(eq(sandboxCharges.idempotencyKey, idempotencyKey));
      return row ? resultOf(row) : null;
    },

    // In memory, with no database call: the console refunds inside its transaction. A charge
    // this process made is refunded up to its amount; an older one (before a restart) is
    // trusted to the server's own check against the recorded payment.
    async refund(request: RefundRequest): Promise<RefundResult> {
      if (!request.chargeId.startsWith('ch_sandbox_'))
        return { ok: false, message: 'No such charge.' };
      const earlier = refundIds.get(request.idempotencyKey);
      if (earlier) return { ok: true, refundId: earlier };
      const made = charges.find((c) => c.chargeId === request.chargeId);
      const refundedBefore = refunds
        .filter((r) => r.chargeId === request.chargeId)
        .reduce((sum, r) => sum + r.amountCents, 0);
      if (
        !Number.isSafeInteger(request.amountCents) ||
        request.amountCents <= 0 ||
        (made && refundedBefore + request.amountCents > made.amountCents)
      ) {
        return { ok: false, message: 'The refund is more than what is left of the charge.' };
      }
      refunds.push({ ...request });
      const refundId = randomId('re_sandbox');
      refundIds.set(request.idempotencyKey, refundId);
      return { ok: true, refundId };
    },
  };
}

function resultOf(row: typeof sandboxCharges.$inferSelect): ChargeResult {
  if (row.chargeId) return { ok: true, chargeId: row.chargeId };
  return {
    ok: false,
    declineCode: row.declineCode ?? 'card_declined',
    message: row.message ?? messages.cardDeclined,
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
