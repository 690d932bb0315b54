import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { defaultBasePaths } from '../../../shared/api/bases';
import { envelope } from '../../../shared/contracts/envelope';
import {
  createSavedViewRequest,
  savedViewData,
  savedViewList,
  savedViewParams,
} from '../../../shared/contracts/staff-orders';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../plugins/auth';
import { sendData } from '../../plugins/envelope';
import type { Access } from '../auth/principal';
import { createSavedView, deleteSavedView, listSavedViews } from './saved-views';

const viewsPath = `${defaultBasePaths.staff}/views`;
const access: readonly Access[] = ['agent', 'admin'];
const tags = ['staff orders'];

/** A staff member's saved order-lookup views: each sees and changes only their own. */
export function savedViewRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;

  r.get(
    viewsPath,
    { config: { access }, schema: { tags, response: { 200: envelope(savedViewList) } } },
    async (request, reply) => {
      const { userId } = requireUser(request);
      return sendData(reply, await listSavedViews(db, userId));
    },
  );

  r.post(
    viewsPath,
    {
      config: { access },
      schema: { tags, body: createSavedViewRequest, response: { 201: envelope(savedViewData) } },
    },
    async (request, reply) => {
      const { userId } = requireUser(request);
      return sendData(reply, await createSavedView(db, userId, request.body), 'Created', 201);
    },
  );

  // Answers the views that are left.
  r.delete(
    `${viewsPath}/:viewId`,
    {
      config: { access },
      schema: { tags, params: savedViewParams, response: { 200: envelope(savedViewList) } },
    },
    async (request, reply) => {
      const { userId } = requireUser(request);
      return sendData(reply, await deleteSavedView(db, userId, request.params.viewId));
    },
  );
}
