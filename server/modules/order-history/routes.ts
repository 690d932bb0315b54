import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { defaultBasePaths } from '../../../shared/api/bases';
import { endpoints } from '../../../shared/api/endpoints';
import { envelope } from '../../../shared/contracts/envelope';
import {
  orderDetailsData,
  orderIdQuery,
  previousOrdersData,
  previousOrdersQuery,
  receiptData,
  recentOrdersData,
  recentOrdersV2Data,
  reorderRequest,
} from '../../../shared/contracts/order-history';
import { orderData } from '../../../shared/contracts/orders';
import type { AppDeps } from '../../deps';
import { requireUser, signInByRead } from '../../plugins/auth';
import { sendData, sendUnchangedData } from '../../plugins/envelope';
import type { Access } from '../auth/principal';
import { contextOf } from '../auth/request-context';
import { orderDetails, orderReceipt } from './order-details';
import { previousOrders, recentOrders, recentOrdersV2 } from './order-list';
import { reorder } from './reorder';

const base = defaultBasePaths.order;
/** Patients see their own orders; agents and admins any (they place phone orders for patients). */
const access: readonly Access[] = ['patient', 'agent', 'admin'];
const tags = ['orders'];

export function orderHistoryRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;

  r.get(
    `${base}/${endpoints.previousOrders.path}`,
    {
      config: { access },
      schema: {
        tags,
        querystring: previousOrdersQuery,
        response: { 200: envelope(previousOrdersData) },
      },
    },
    async (request, reply) => {
      const { userId } = requireUser(request);
      return sendData(reply, await previousOrders(db, userId, request.query));
    },
  );

  r.get(
    `${base}/${endpoints.recentOrders.path}`,
    { config: { access }, schema: { tags, response: { 200: envelope(recentOrdersData) } } },
    async (request, reply) => {
      const { userId } = requireUser(request);
      return sendData(reply, await recentOrders(db, userId));
    },
  );

  r.get(
    `${base}/${endpoints.recentOrdersV2.path}`,
    { config: { access }, schema: { tags, response: { 200: envelope(recentOrdersV2Data) } } },
    async (request, reply) => {
      const { userId } = requireUser(request);
      return sendData(reply, await recentOrdersV2(db, userId));
    },
  );

  for (const path of [endpoints.orderDetails.path, endpoints.orderDetailsForOrder.path]) {
    r.get(
      `${base}/${path}`,
      {
        config: { access, tokenCheckedByRead: true },
        schema: { tags, querystring: orderIdQuery, response: { 200: envelope(orderDetailsData) } },
      },
      async (request, reply) => {
        const signIn = signInByRead(request, deps.database);
        return sendUnchangedData(reply, await orderDetails(deps, signIn, request.query.orderId));
      },
    );
  }

  r.get(
    `${base}/${endpoints.orderDetailsForReceipt.path}`,
    {
      config: { access },
      schema: { tags, querystring: orderIdQuery, response: { 200: envelope(receiptData) } },
    },
    async (request, reply) => {
      requireUser(request);
      return sendData(reply, await orderReceipt(deps, contextOf(request), request.query.orderId));
    },
  );

  r.post(
    `${base}/${endpoints.reorderProduct.path}`,
    {
      config: { access },
      schema: { tags, body: reorderRequest, response: { 200: envelope(orderData) } },
    },
    async (request, reply) => {
      requireUser(request);
      return sendData(reply, await reorder(deps, request.principal, request.body));
    },
  );
}
