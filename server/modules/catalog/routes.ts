import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { defaultBasePaths } from '../../../shared/api/bases';
import { endpoints } from '../../../shared/api/endpoints';
import {
  checkoutRedirectBody,
  checkoutRedirectData,
  checkoutRedirectQuery,
  medicationSearchData,
  medicationSearchQuery,
  productAndConsultPriceQuery,
  productShippingStatesQuery,
  productsData,
  statesData,
  statesQuery,
} from '../../../shared/contracts/catalog';
import { envelope } from '../../../shared/contracts/envelope';
import type { AppDeps } from '../../deps';
import { sendData, sendUnchangedData } from '../../plugins/envelope';
import type { Access } from '../auth/principal';
import { addToCartAndRoute } from './checkout-redirect';
import {
  allStates,
  productShippingStates,
  productsWithConsultPrice,
  searchMedications,
} from './service';

const relative = defaultBasePaths.relative;
const order = defaultBasePaths.order;
/** Catalog reads are anonymous calls of spec §7 (the api-key header, or any valid token). */
const catalogReaders: readonly Access[] = ['api-key'];
/** Whoever holds an order: a guest's guest order, a patient's cart, staff placing one. */
const orderHolders: readonly Access[] = ['guest', 'patient', 'agent', 'admin'];
const tags = ['catalog'];

export function catalogRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database } = deps;

  r.get(
    `${relative}/${endpoints.productAndConsultPrice.path}`,
    {
      config: { access: catalogReaders },
      schema: {
        tags,
        querystring: productAndConsultPriceQuery,
        response: { 200: envelope(productsData) },
      },
    },
    async (request, reply) => {
      const { storefrontId, productId } = request.query;
      const answer = await productsWithConsultPrice(database, storefrontId, productId);
      return sendUnchangedData(reply, answer);
    },
  );

  r.get(
    `${relative}/${endpoints.productShippingStates.path}`,
    {
      config: { access: catalogReaders },
      schema: {
        tags,
        querystring: productShippingStatesQuery,
        response: { 200: envelope(statesData) },
      },
    },
    async (request, reply) => {
      const { productId, storefrontId } = request.query;
      return sendData(reply, await productShippingStates(database, productId, storefrontId));
    },
  );

  r.get(
    `${relative}/${endpoints.states.path}`,
    {
      config: { access: catalogReaders },
      schema: { tags, querystring: statesQuery, response: { 200: envelope(statesData) } },
    },
    async (_request, reply) => sendData(reply, await allStates(database)),
  );

  r.get(
    `${relative}/${endpoints.medicationSearch.path}`,
    {
      config: { access: catalogReaders },
      schema: {
        tags,
        querystring: medicationSearchQuery,
        response: { 200: envelope(medicationSearchData) },
      },
    },
    async (request, reply) =>
      sendData(reply, await searchMedications(database, request.query.term)),
  );

  r.post(
    `${order}/${endpoints.orderAddToCart.path}`,
    {
      config: { access: orderHolders },
      schema: {
        tags,
        querystring: checkoutRedirectQuery,
        body: checkoutRedirectBody,
        response: { 200: envelope(checkoutRedirectData) },
      },
    },
    async (request, reply) =>
      sendData(reply, await addToCartAndRoute(deps, request.principal, request.query)),
  );
}
