import { z } from 'zod';
import { cardNumber, cvc, expMonth, expYear, holderName } from '../validation/card-rules';

/*
 * What a browser's card entry checks and sends, apart from the rest of the payments contract:
 * a page with a card form (the checkout's summary) builds these few schemas, not every order
 * and payment schema the contract imports (zod builds each schema as its module loads).
 */

/** A card as typed: the sandbox takes it (development, API clients, tests); Stripe never. */
export const typedCardFields = { cardNumber, expMonth, expYear, cvc, holderName };

/** The typed card of a card form, every field required (what a form checks before sending). */
export const typedCardInput = z.object(typedCardFields).strict();
export type TypedCardInput = z.infer<typeof typedCardInput>;

/** What the sandbox's card fields send to its tokens endpoint (never to our API). */
export const sandboxTokenRequest = z
  .object({
    number: z.string().max(40),
    expMonth: z.number().int(),
    expYear: z.number().int(),
    cvc: z.string().max(8),
    holderName: z.string().max(200).nullable().optional(),
  })
  .strict();

/** The sandbox's answer: the card's token with what may be shown of it, or why it was refused. */
export const sandboxTokenData = z.object({
  token: z.string(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
});
export const sandboxTokenError = z.object({
  code: z.string(),
  message: z.string(),
  field: z.enum(['cardNumber', 'expiry', 'cvc']),
});
export type SandboxTokenData = z.infer<typeof sandboxTokenData>;
export type SandboxTokenError = z.infer<typeof sandboxTokenError>;
