import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { defaultBasePaths } from '../../../shared/api/bases';
import { envelope } from '../../../shared/contracts/envelope';
import {
  cancelOrderRequest,
  emptyActionRequest,
  refundHeaders,
  refundOrderRequest,
  staffOrderDetail,
  staffOrderParams,
} from '../../../shared/contracts/staff-orders';
import type { AppDeps } from '../../deps';
import { markReplayed, sendData } from '../../plugins/envelope';
import type { Access } from '../auth/principal';
import { contextOf } from '../auth/request-context';
import { cancelOrder, refundOrderOnce, reorderForPatient, resendReceipt } from './order-actions';

const ordersPath = `${defaultBasePaths.staff}/orders`;
const agentOrAdmin: readonly Access[] = ['agent', 'admin'];
/** Money goes back only through an admin. */
const adminOnly: readonly Access[] = ['admin'];
const tags = ['staff orders'];

/** The order actions of the console; each answers the order's detail as it is afterwards. */
export function staffOrderActionRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const response = { 200: envelope(staffOrderDetail) };

  r.post(
    `${ordersPath}/:orderId/resend-receipt`,
    {
      config: { access: agentOrAdmin },
      schema: { tags, params: staffOrderParams, body: emptyActionRequest, response },
    },
    async (request, reply) =>
      sendData(reply, await resendReceipt(deps, contextOf(request), request.params.orderId)),
  );

  r.post(
    `${ordersPath}/:orderId/cancel`,
    {
      config: { access: agentOrAdmin },
      schema: { tags, params: staffOrderParams, body: cancelOrderRequest, response },
    },
    async (request, reply) =>
      sendData(
        reply,
        await cancelOrder(deps, contextOf(request), request.params.orderId, request.body),
      ),
  );

  // The cart the products went to is the patient's own (GET it as the patient, or through the
  // phone-order screens); the answer is the source order's detail like every action.
  r.post(
    `${ordersPath}/:orderId/reorder`,
    {
      config: { access: agentOrAdmin },
      schema: { tags, params: staffOrderParams, body: emptyActionRequest, response },
    },
    async (request, reply) =>
      sendData(reply, await reorderForPatient(deps, contextOf(request), request.params.orderId)),
  );

  // A retry with the same Idempotency-Key gets the first result (see idempotency.ts).
  r.post(
    `${ordersPath}/:orderId/refund`,
    {
      config: { access: adminOnly },
      schema: {
        tags,
        params: staffOrderParams,
        headers: refundHeaders,
        body: refundOrderRequest,
        response,
      },
    },
    async (request, reply) => {
      const refunded = await refundOrderOnce(
        deps,
        contextOf(request),
        request.params.orderId,
        request.body,
        request.headers['idempotency-key'],
      );
      markReplayed(reply, refunded);
      return sendData(reply, refunded.result);
    },
  );
}
