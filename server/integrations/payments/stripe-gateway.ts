import Stripe from 'stripe';
import { messages } from '../../../shared/errors/messages';
import type { StripeSettings } from '../../config';
import type {
  CardOwner,
  CardToken,
  ChargeRequest,
  ChargeResult,
  GatewayEvent,
  KeptCard,
  PaymentGateway,
  RefundRequest,
  RefundResult,
  TokenizeResult,
} from './payment-gateway';

/** Stripe names a few brands differently from card-validator, which names our saved cards. */
const brandOf: Record<string, string> = {
  amex: 'american-express',
  diners: 'diners-club',
};

/** Our words for Stripe's decline codes (the rest is "Your card was declined."). */
const declineMessages: Record<string, string> = {
  insufficient_funds: messages.cardInsufficientFunds,
  expired_card: messages.cardExpired,
  incorrect_cvc: messages.cardIncorrectCvc,
  invalid_cvc: messages.cardIncorrectCvc,
  incorrect_number: messages.cardNumberIncorrect,
};

/**
 * A kept card's token is its customer and payment method ("cus_..:pm_.."): Stripe charges an
 * attached payment method only together with its customer. A card not kept is its pm_ alone.
 */
const splitToken = (token: string): { customer: string | null; paymentMethod: string } => {
  const [first, second] = token.split(':');
  return second
    ? { customer: first ?? null, paymentMethod: second }
    : { customer: null, paymentMethod: token };
};

const metadataKey = 'storefront_idempotency_key';

/**
 * Stripe behind the gateway interface, through the official SDK: PaymentIntents confirmed on
 * the server under our idempotency key (kept in their metadata too, where findCharge searches
 * it), cards from Stripe's own fields as PaymentMethods (attached to a Customer when kept),
 * refunds by PaymentIntent, webhooks checked by their signature. Card numbers never reach it
 * from us: tokenizeCard refuses typed details.
 *
 * A card that asks for 3-D Secure is declined with its own message (the payment would need
 * the patient's browser to confirm it).
 */
export function createStripeGateway(settings: StripeSettings): PaymentGateway {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === 'https:' ? 443 : 80),
          protocol: api.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
  });

  const declined = (code: string | undefined): ChargeResult => ({
    ok: false,
    declineCode: code ?? 'card_declined',
    message: (code && declineMessages[code]) || messages.cardDeclined,
  });

  const resultOfIntent = (intent: Stripe.PaymentIntent): ChargeResult | null => {
    if (intent.status === 'succeeded') return { ok: true, chargeId: intent.id };
    if (intent.status === 'requires_action') {
      return {
        ok: false,
        declineCode: 'authentication_required',
        message: messages.cardNeedsAuthentication,
      };
    }
    if (intent.status === 'requires_payment_method' || intent.status === 'canceled') {
      const error = intent.last_payment_error;
      return declined(error?.decline_code ?? error?.code);
    }
    return null; // processing: not known yet
  };

  return {
    name: 'stripe',
    cardFields: { gateway: 'stripe', publishableKey: settings.publishableKey },

    async tokenizeCard(): Promise<TokenizeResult> {
      return {
        ok: false,
        code: 'card_fields_required',
        message: messages.cardNeedsGatewayFields,
        field: 'cardNumber',
      };
    },

    async cardOfToken(token: string): Promise<TokenizeResult> {
      const unknown: TokenizeResult = {
        ok: false,
        code: 'invalid_token',
        message: messages.cardNumberIncorrect,
        field: 'cardNumber',
      };
      if (!/^pm_[A-Za-z0-9_]{6,}$/.test(token)) return unknown;
      try {
        const method = await stripe.paymentMethods.retrieve(token);
        if (!method.card) return unknown;
        const card: CardToken = {
          token: method.id,
          brand: brandOf[method.card.brand] ?? method.card.brand,
          last4: method.card.last4,
          expMonth: method.card.exp_month,
          expYear: method.card.exp_year,
        };
        return { ok: true, card };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) return unknown;
        throw error;
      }
    },

    async keepCard(token: string, owner: CardOwner): Promise<KeptCard> {
      const { paymentMethod } = splitToken(token);
      const customerId =
        owner.customerId ??
        (
          await stripe.customers.create(
            { email: owner.email, metadata: { storefront_user_id: owner.userId } },
            { idempotencyKey: `customer:${owner.userId}` },
          )
        ).id;
      await stripe.paymentMethods.attach(
        paymentMethod,
        { customer: customerId },
        { idempotencyKey: `attach:${paymentMethod}:${customerId}` },
      );
      return { token: `${customerId}:${paymentMethod}`, customerId };
    },

    async charge(request: ChargeRequest): Promise<ChargeResult> {
      const { customer, paymentMethod } = splitToken(request.token);
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: request.amountCents,
            currency: 'usd',
            payment_method: paymentMethod,
            ...(customer ? { customer } : {}),
            confirm: true,
            description: request.description,
            metadata: { [metadataKey]: request.idempotencyKey },
            // Confirmed here with no page to return to: a card that needs one is declined.
            automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
            ...(request.channel === 'phone'
              ? { payment_method_options: { card: { moto: true } } }
              : {}),
            ...(request.channel === 'off-session' ? { off_session: true } : {}),
          },
          { idempotencyKey: request.idempotencyKey },
        );
        const result = resultOfIntent(intent);
        if (!result) throw new Error(`payment ${intent.id} still processing`);
        return result;
      } catch (error) {
        if (error instanceof Stripe.errors.StripeCardError) {
          return declined(error.decline_code ?? error.code);
        }
        // The key was used with other parameters: a charge was made with it, findCharge will
        // see it. Unknown until then, like a network failure (the caller answers 503).
        throw error;
      }
    },

    async findCharge(idempotencyKey: string): Promise<ChargeResult | null> {
      const found = await stripe.paymentIntents.search({
        query: `metadata['${metadataKey}']:'${idempotencyKey.replace(/'/g, '')}'`,
        limit: 1,
      });
      const intent = found.data[0];
      if (!intent) return null;
      const result = resultOfIntent(intent);
      if (!result) throw new Error(`payment ${intent.id} still processing`);
      return result;
    },

    async refund(request: RefundRequest): Promise<RefundResult> {
      try {
        const refund = await stripe.refunds.create(
          { payment_intent: request.chargeId, amount: request.amountCents },
          { idempotencyKey: request.idempotencyKey },
        );
        if (refund.status === 'failed' || refund.status === 'canceled') {
          return { ok: false, message: 'The refund failed.' };
        }
        return { ok: true, refundId: refund.id };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError) {
          return { ok: false, message: error.message };
        }
        throw error;
      }
    },

    verifyEvent(rawBody: Buffer, signature: string): GatewayEvent {
      const event = stripe.webhooks.constructEvent(rawBody, signature, settings.webhookSecret);
      if (event.type === 'payment_intent.succeeded') {
        const intent = event.data.object;
        return {
          id: event.id,
          type: 'charge-succeeded',
          idempotencyKey: intent.metadata?.[metadataKey] ?? null,
          chargeId: intent.id,
          amountCents: intent.amount_received || intent.amount,
        };
      }
      return { id: event.id, type: 'other', name: event.type };
    },
  };
}
