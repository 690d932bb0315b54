import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { defaultBasePaths } from '../../../shared/api/bases';
import { endpoints } from '../../../shared/api/endpoints';
import { envelope, errorEnvelope } from '../../../shared/contracts/envelope';
import {
  addCardRequest,
  addNewOrSwitchCardRequest,
  cardData,
  cardIdRequest,
  cardList,
  payNowData,
  payNowHeaders,
  payNowRequest,
  removeCardRequest,
  updateCardRequest,
} from '../../../shared/contracts/payments';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../plugins/auth';
import { sendData, sendPayment } from '../../plugins/envelope';
import type { Access } from '../auth/principal';
import { contextOf } from '../auth/request-context';
import {
  addCard,
  addNewOrSwitchCard,
  listCards,
  removeCard,
  switchDefaultCard,
  updateCard,
} from './card-service';
import { payNow } from './pay-now';

const base = defaultBasePaths.payment;
/** A patient manages their own cards. */
const cardOwner: readonly Access[] = ['patient'];
/** A patient pays their order; an agent or admin pays a phone order for one. */
const payer: readonly Access[] = ['patient', 'agent', 'admin'];

export function paymentRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payment'];

  r.post(
    `${base}/${endpoints.addCard.path}`,
    {
      config: { access: cardOwner },
      schema: { tags, body: addCardRequest, response: { 200: envelope(cardData) } },
    },
    async (request, reply) => {
      const { userId } = requireUser(request);
      return sendData(reply, await addCard(deps, userId, request.body));
    },
  );

  r.get(
    `${base}/${endpoints.paymentMethods.path}`,
    { config: { access: cardOwner }, schema: { tags, response: { 200: envelope(cardList) } } },
    async (request, reply) => {
      const { userId } = requireUser(request);
      return sendData(reply, await listCards(deps.database.db, userId, { includeExpired: false }));
    },
  );

  r.get(
    `${base}/${endpoints.allPaymentMethods.path}`,
    { config: { access: cardOwner }, schema: { tags, response: { 200: envelope(cardList) } } },
    async (request, reply) => {
      const { userId } = requireUser(request);
      return sendData(reply, await listCards(deps.database.db, userId, { includeExpired: true }));
    },
  );

  r.post(
    `${base}/${endpoints.updateCard.path}`,
    {
      config: { access: cardOwner },
      schema: { tags, body: updateCardRequest, response: { 200: envelope(cardData) } },
    },
    async (request, reply) => {
      const { userId } = requireUser(request);
      return sendData(reply, await updateCard(deps, userId, request.body));
    },
  );

  // Answers the usable cards afterwards, the new default first.
  r.post(
    `${base}/${endpoints.updateCurrentCard.path}`,
    {
      config: { access: cardOwner },
      schema: { tags, body: cardIdRequest, response: { 200: envelope(cardList) } },
    },
    async (request, reply) => {
      const { userId } = requireUser(request);
      return sendData(reply, await switchDefaultCard(deps, userId, request.body.cardId));
    },
  );

  // Answers the usable cards that are left.
  r.post(
    `${base}/${endpoints.removeCard.path}`,
    {
      config: { access: cardOwner },
      schema: { tags, body: removeCardRequest, response: { 200: envelope(cardList) } },
    },
    async (request, reply) => {
      const { userId } = requireUser(request);
      return sendData(reply, await removeCard(deps, userId, request.body));
    },
  );

  r.post(
    `${base}/${endpoints.addNewOrSwitchCard.path}`,
    {
      config: { access: cardOwner },
      schema: { tags, body: addNewOrSwitchCardRequest, response: { 200: envelope(cardData) } },
    },
    async (request, reply) => {
      const { userId } = requireUser(request);
      return sendData(reply, await addNewOrSwitchCard(deps, userId, request.body));
    },
  );

  // A retry with the same Idempotency-Key gets the first result (200 paid, 402 declined);
  // see idempotency.ts for 409 and 422.
  r.post(
    `${base}/${endpoints.payNow.path}`,
    {
      config: { access: payer },
      schema: {
        tags,
        headers: payNowHeaders,
        body: payNowRequest,
        response: { 200: envelope(payNowData), 402: errorEnvelope },
      },
    },
    async (request, reply) => {
      const key = request.headers['idempotency-key'];
      const payment = await payNow(deps, contextOf(request), request.body, key);
      return sendPayment(reply, payment, { message: 'OK', data: (paid) => paid });
    },
  );
}
