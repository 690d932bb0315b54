import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { defaultBasePaths } from '../../../shared/api/bases';
import { endpoints } from '../../../shared/api/endpoints';
import { envelope } from '../../../shared/contracts/envelope';
import { orderData } from '../../../shared/contracts/orders';
import {
  acceptInternalPharmacyRequest,
  addPatientPharmacyRequest,
  guestAcceptInternalRequest,
  guestPharmacyRequest,
  pharmacyListData,
  pharmacyListQuery,
  pharmacyMapData,
  pharmacyMapQuery,
  selectPharmacyRequest,
} from '../../../shared/contracts/pharmacy';
import type { AppDeps } from '../../deps';
import { sendData } from '../../plugins/envelope';
import type { Access } from '../auth/principal';
import {
  acceptInternalPharmacy,
  addPatientPharmacyToOrder,
  guestPharmacy,
  pharmacyList,
  pharmacyMap,
  selectPharmacy,
} from './service';

/** Finding pharmacies is for every shopper; choosing one changes the caller's order. */
const shoppers: readonly Access[] = ['guest', 'patient', 'agent', 'admin'];
const signedIn: readonly Access[] = ['patient', 'agent', 'admin'];
const guestOnly: readonly Access[] = ['guest'];
const order = (path: string) => `${defaultBasePaths.order}/${path}`;
const guestOrders = (path: string) => `${defaultBasePaths.guestOrders}/${path}`;
const tags = ['pharmacy'];

export function pharmacyRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    order(endpoints.pharmacyList.path),
    {
      config: { access: shoppers },
      schema: {
        tags,
        querystring: pharmacyListQuery,
        response: { 200: envelope(pharmacyListData) },
      },
    },
    async (request, reply) =>
      sendData(reply, await pharmacyList(deps, request.principal, request.query)),
  );

  r.get(
    order(endpoints.pharmaciesMap.path),
    {
      config: { access: shoppers },
      schema: { tags, querystring: pharmacyMapQuery, response: { 200: envelope(pharmacyMapData) } },
    },
    async (request, reply) =>
      sendData(reply, await pharmacyMap(deps, request.principal, request.query)),
  );

  r.get(
    guestOrders(endpoints.guestOrderPharmacyMap.path),
    {
      config: { access: guestOnly },
      schema: { tags, querystring: pharmacyMapQuery, response: { 200: envelope(pharmacyMapData) } },
    },
    async (request, reply) =>
      sendData(reply, await pharmacyMap(deps, request.principal, request.query)),
  );

  r.post(
    order(endpoints.addPatientPharmacy.path),
    {
      config: { access: signedIn },
      schema: { tags, body: addPatientPharmacyRequest, response: { 200: envelope(orderData) } },
    },
    async (request, reply) =>
      sendData(reply, await addPatientPharmacyToOrder(deps, request.principal, request.body)),
  );

  r.post(
    order(endpoints.selectPharmacy.path),
    {
      config: { access: signedIn },
      schema: { tags, body: selectPharmacyRequest, response: { 200: envelope(orderData) } },
    },
    async (request, reply) =>
      sendData(reply, await selectPharmacy(deps, request.principal, request.body)),
  );

  r.post(
    order(endpoints.acceptInternalPharmacy.path),
    {
      config: { access: signedIn },
      schema: {
        tags,
        body: acceptInternalPharmacyRequest.nullish(),
        response: { 200: envelope(orderData) },
      },
    },
    async (request, reply) =>
      sendData(reply, await acceptInternalPharmacy(deps, request.principal, request.body?.orderId)),
  );

  r.patch(
    guestOrders(endpoints.guestOrderPharmacy.path),
    {
      config: { access: guestOnly },
      schema: { tags, body: guestPharmacyRequest, response: { 200: envelope(orderData) } },
    },
    async (request, reply) =>
      sendData(reply, await guestPharmacy(deps, request.principal, request.body)),
  );

  r.post(
    guestOrders(endpoints.guestOrderAcceptInternalPharmacy.path),
    {
      config: { access: guestOnly },
      schema: {
        tags,
        body: guestAcceptInternalRequest.nullish(),
        response: { 200: envelope(orderData) },
      },
    },
    async (request, reply) =>
      sendData(reply, await acceptInternalPharmacy(deps, request.principal, undefined)),
  );
}
