import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { defaultBasePaths } from '../../../shared/api/bases';
import { endpoints } from '../../../shared/api/endpoints';
import {
  sandboxTokenData,
  sandboxTokenError,
  sandboxTokenRequest,
} from '../../../shared/contracts/card-entry';
import { envelope } from '../../../shared/contracts/envelope';
import { cardFieldsData } from '../../../shared/contracts/payments';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { AppDeps } from '../../deps';
import type { CardFieldsConfig } from '../../integrations/payments/payment-gateway';
import { sendData } from '../../plugins/envelope';
import type { Access } from '../auth/principal';
import { contextOf } from '../auth/request-context';
import { handleGatewayEvent } from './gateway-events';

const anyone: readonly Access[] = ['public'];
const tags = ['payment'];

/** Where the gateway posts its webhooks (Stripe: the endpoint's URL in its dashboard). */
export const gatewayWebhookPath = `${defaultBasePaths.payment}/GatewayWebhook`;

/**
 * The gateway's side of our API: which card fields the apps show, the webhooks (signature
 * checked on the raw body, each event handled once), and, with the sandbox, the tokens
 * endpoint its card fields send cards to, as Stripe.js sends them to Stripe.
 */
export function gatewayRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    `${defaultBasePaths.payment}/${endpoints.cardFields.path}`,
    { config: { access: anyone }, schema: { tags, response: { 200: envelope(cardFieldsData) } } },
    async (_request, reply) => sendData(reply, deps.payments.cardFields satisfies CardFieldsConfig),
  );

  // The raw bytes are what the signature covers: this route alone keeps JSON unparsed.
  app.register(async (raw) => {
    raw.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 262_144 },
      (_request, body, done) => done(null, body),
    );
    raw.withTypeProvider<ZodTypeProvider>().post(
      gatewayWebhookPath,
      {
        config: { access: anyone },
        schema: {
          tags,
          headers: z.looseObject({ 'stripe-signature': z.string().max(2048) }),
          response: { 200: z.object({ received: z.literal(true), duplicate: z.boolean() }) },
        },
      },
      async (request, reply) => {
        let event: ReturnType<typeof deps.payments.verifyEvent>;
        try {
          event = deps.payments.verifyEvent(
            request.body as Buffer,
            request.headers['stripe-signature'],
          );
        } catch {
          throw fail.badRequest(messages.webhookSignatureInvalid);
        }
        const outcome = await handleGatewayEvent(deps, contextOf(request), event);
        return reply.send({ received: true, duplicate: outcome === 'duplicate' });
      },
    );
  });

  if (deps.payments.cardFields.gateway !== 'sandbox') return;
  const { tokensPath } = deps.payments.cardFields;
  r.post(
    tokensPath,
    {
      config: { access: anyone },
      schema: {
        tags: ['sandbox gateway'],
        body: sandboxTokenRequest,
        response: { 200: sandboxTokenData, 400: sandboxTokenError },
      },
    },
    async (request, reply) => {
      const card = request.body;
      const result = await deps.payments.tokenizeCard({
        number: card.number.replace(/[\s-]/g, ''),
        expMonth: card.expMonth,
        expYear: card.expYear,
        cvc: card.cvc.trim(),
        holderName: card.holderName ?? null,
      });
      if (!result.ok) {
        return reply
          .code(400)
          .send({ code: result.code, message: result.message, field: result.field });
      }
      return reply.send(result.card);
    },
  );
}
