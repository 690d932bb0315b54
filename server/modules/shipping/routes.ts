import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { defaultBasePaths } from '../../../shared/api/bases';
import { endpoints } from '../../../shared/api/endpoints';
import { envelope } from '../../../shared/contracts/envelope';
import { orderData } from '../../../shared/contracts/orders';
import {
  addShippingAddressRequest,
  editShippingAddressData,
  editShippingAddressRequest,
  guestCarrierRequest,
  orderIdQuery,
  productShippingQuery,
  productWiseShippingData,
  savedAddressesData,
  savedAddressRequest,
  shippingAddressesAndMethodsData,
  updateShippingFeeRequest,
  useShippingAddressRequest,
} from '../../../shared/contracts/shipping';
import type { AppDeps } from '../../deps';
import { sendData } from '../../plugins/envelope';
import type { Access } from '../auth/principal';
import { contextOf } from '../auth/request-context';
import { removeSavedAddress, setDefaultAddress } from './saved-addresses';
import {
  addShippingAddress,
  editShippingAddress,
  guestCarrier,
  productWiseShipping,
  savedAddresses,
  shippingAddressesAndMethods,
  updateShippingFee,
  useShippingAddress,
} from './service';

/** Patients for themselves; agents and admins for the order they name (phone orders). */
const signedIn: readonly Access[] = ['patient', 'agent', 'admin'];
const guestOnly: readonly Access[] = ['guest'];
const order = (path: string) => `${defaultBasePaths.order}/${path}`;
const payment = (path: string) => `${defaultBasePaths.payment}/${path}`;
const tags = ['shipping'];

export function shippingRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    order(endpoints.addShippingAddress.path),
    {
      config: { access: signedIn },
      schema: { tags, body: addShippingAddressRequest, response: { 200: envelope(orderData) } },
    },
    async (request, reply) =>
      sendData(reply, await addShippingAddress(deps, request.principal, request.body)),
  );

  r.post(
    order(endpoints.useShippingAddress.path),
    {
      config: { access: signedIn },
      schema: { tags, body: useShippingAddressRequest, response: { 200: envelope(orderData) } },
    },
    async (request, reply) =>
      sendData(reply, await useShippingAddress(deps, request.principal, request.body)),
  );

  r.get(
    order(endpoints.savedAddresses.path),
    {
      config: { access: signedIn },
      schema: { tags, querystring: orderIdQuery, response: { 200: envelope(savedAddressesData) } },
    },
    async (request, reply) =>
      sendData(reply, await savedAddresses(deps, request.principal, request.query.orderId)),
  );

  r.get(
    order(endpoints.shippingAddressesAndMethods.path),
    {
      config: { access: signedIn },
      schema: {
        tags,
        querystring: orderIdQuery,
        response: { 200: envelope(shippingAddressesAndMethodsData) },
      },
    },
    async (request, reply) =>
      sendData(
        reply,
        await shippingAddressesAndMethods(deps, request.principal, request.query.orderId),
      ),
  );

  r.get(
    payment(endpoints.productShippingMethods.path),
    {
      // Guests choose a shipping method too: this is where they see the methods.
      config: { access: [...signedIn, 'guest'] },
      schema: {
        tags,
        querystring: productShippingQuery,
        response: { 200: envelope(productWiseShippingData) },
      },
    },
    async (request, reply) =>
      sendData(reply, await productWiseShipping(deps, request.principal, request.query)),
  );

  r.post(
    payment(endpoints.updateShippingFee.path),
    {
      config: { access: signedIn },
      schema: { tags, body: updateShippingFeeRequest, response: { 200: envelope(orderData) } },
    },
    async (request, reply) =>
      sendData(reply, await updateShippingFee(deps, request.principal, request.body)),
  );

  r.post(
    payment(endpoints.editShippingAddress.path),
    {
      config: { access: signedIn },
      schema: {
        tags,
        body: editShippingAddressRequest,
        response: { 200: envelope(editShippingAddressData) },
      },
    },
    async (request, reply) =>
      sendData(reply, await editShippingAddress(deps, request.principal, request.body)),
  );

  r.patch(
    `${defaultBasePaths.guestOrders}/${endpoints.guestOrderCarrier.path}`,
    {
      config: { access: guestOnly },
      schema: { tags, body: guestCarrierRequest, response: { 200: envelope(orderData) } },
    },
    async (request, reply) =>
      sendData(reply, await guestCarrier(deps, request.principal, request.body)),
  );

  // The patient's own saved addresses, from their account.
  for (const [name, run] of [
    ['removeSavedAddress', removeSavedAddress],
    ['setDefaultAddress', setDefaultAddress],
  ] as const) {
    r.post(
      order(endpoints[name].path),
      {
        config: { access: ['patient'] },
        schema: {
          tags,
          body: savedAddressRequest,
          response: { 200: envelope(savedAddressesData) },
        },
      },
      async (request, reply) =>
        sendData(reply, await run(deps.database.db, contextOf(request), request.body)),
    );
  }
}
