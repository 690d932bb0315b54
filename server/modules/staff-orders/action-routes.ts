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
import { requireUser } from '../../plugins/auth';
import { sendData } from '../../plugins/envelope';
import type { Access } from '../auth/principal';
import { contextOf } from '../auth/request-context';
import { requestHashOf, withIdempotency } from '../payments/idempotency';
import { cancelOrder, refundOrder, reorderForPatient, resendReceipt } from './order-actions';
import { detailAfterAction } from './order-detail';

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
    async (request, reply) => {
      requireUser(request);
      await resendReceipt(deps, contextOf(request), request.params.orderId);
      return sendData(
        reply,
        await detailAfterAction(deps, contextOf(request), request.params.orderId),
      );
    },
  );

  r.post(
    `${ordersPath}/:orderId/cancel`,
    {
      config: { access: agentOrAdmin },
      schema: { tags, params: staffOrderParams, body: cancelOrderRequest, response },
    },
    async (request, reply) => {
      requireUser(request);
      await cancelOrder(deps, contextOf(request), request.params.orderId, request.body);
      return sendData(
        reply,
        await detailAfterAction(deps, contextOf(request), request.params.orderId),
      );
    },
  );

  // The cart the products went to is the patient's own (GET it as the patient, or through the
  // phone-order screens); the answer is the source order's detail like every action.
  r.post(
    `${ordersPath}/:orderId/reorder`,
    {
      config: { access: agentOrAdmin },
      schema: { tags, params: staffOrderParams, body: emptyActionRequest, response },
    },
    async (request, reply) => {
      requireUser(request);
      await reorderForPatient(deps, contextOf(request), request.params.orderId);
      return sendData(
        reply,
        await detailAfterAction(deps, contextOf(request), request.params.orderId),
      );
    },
  );

  // A retry with the same Idempotency-Key answers the first answer (see idempotency.ts).
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
      const { userId } = requireUser(request);
      const { orderId } = request.params;
      const answer = await withIdempotency(
        deps.database.db,
        {
          scope: `staff-refund:${userId}`,
          key: request.headers['idempotency-key'],
          requestHash: requestHashOf(deps.config.serverSecret, { orderId, ...request.body }),
        },
        async () => {
          await refundOrder(deps, contextOf(request), orderId, request.body);
          const detail = await detailAfterAction(deps, contextOf(request), orderId);
          return { status: 200, body: { Data: detail, Message: 'OK', status: 200 } };
        },
      );
      if (answer.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(answer.status as 200).send(answer.body as never);
    },
  );
}
