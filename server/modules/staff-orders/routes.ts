import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { defaultBasePaths } from '../../../shared/api/bases';
import { envelope } from '../../../shared/contracts/envelope';
import {
  staffOrderDetail,
  staffOrderExportQuery,
  staffOrderListData,
  staffOrderListQuery,
  staffOrderParams,
} from '../../../shared/contracts/staff-orders';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../plugins/auth';
import { sendData } from '../../plugins/envelope';
import type { Access } from '../auth/principal';
import { contextOf } from '../auth/request-context';
import { staffOrderActionRoutes } from './action-routes';
import { exportFileName, exportOrdersCsv } from './csv-export';
import { listStaffOrders } from './lookup-service';
import { viewOrder } from './order-detail';
import { savedViewRoutes } from './saved-view-routes';

export const ordersPath = `${defaultBasePaths.staff}/orders`;
/** Phone agents and admins look orders up; ECPs see only their own patients elsewhere. */
export const lookupAccess: readonly Access[] = ['agent', 'admin'];
export const tags = ['staff orders'];

/** The staff console's order lookup (issue 5): list, detail, export, actions, saved views. */
export function staffOrderRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;

  r.get(
    ordersPath,
    {
      config: { access: lookupAccess },
      schema: {
        tags,
        querystring: staffOrderListQuery,
        response: { 200: envelope(staffOrderListData) },
      },
    },
    async (request, reply) => {
      requireUser(request);
      return sendData(reply, await listStaffOrders(db, contextOf(request), request.query));
    },
  );

  // Text, not the envelope: the rows stream out as CSV while they are read (errors before the
  // first byte, such as bad input, still answer the JSON envelope).
  r.get(
    `${ordersPath}/export.csv`,
    {
      config: { access: lookupAccess },
      schema: {
        tags,
        querystring: staffOrderExportQuery,
        produces: ['text/csv'],
        response: { 200: z.string().describe('CSV with a header row') },
      },
    },
    async (request, reply) => {
      requireUser(request);
      const csv = await exportOrdersCsv(db, contextOf(request), request.query);
      reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${exportFileName()}"`)
        .header('cache-control', 'no-store');
      return reply.send(csv as never);
    },
  );

  r.get(
    `${ordersPath}/:orderId`,
    {
      config: { access: lookupAccess },
      schema: {
        tags,
        params: staffOrderParams,
        response: { 200: envelope(staffOrderDetail) },
      },
    },
    async (request, reply) => {
      requireUser(request);
      return sendData(reply, await viewOrder(deps, contextOf(request), request.params.orderId));
    },
  );

  staffOrderActionRoutes(app, deps);
  savedViewRoutes(app, deps);
}
