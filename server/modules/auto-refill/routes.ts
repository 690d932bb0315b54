import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { defaultBasePaths } from '../../../shared/api/bases';
import { endpoints } from '../../../shared/api/endpoints';
import {
  activateAutoRefillRequest,
  autoRefillData,
  autoRefillList,
  autoRefillStorefrontParams,
  deactivateAutoRefillRequest,
  pauseAutoRefillRequest,
  refillEligibleData,
  updateShipSettingsRequest,
} from '../../../shared/contracts/auto-refill';
import { envelope } from '../../../shared/contracts/envelope';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../plugins/auth';
import { sendData } from '../../plugins/envelope';
import type { Access } from '../auth/principal';
import { contextOf } from '../auth/request-context';
import { setRefillPaused } from './pause';
import { refillsOf } from './refill-view';
import {
  activateAutoRefill,
  deactivateAutoRefill,
  refillEligibleLines,
  updateShipSettings,
} from './service';

/** Patients manage their own refills; agents and admins may act on a patient's (audited). */
const access: readonly Access[] = ['patient', 'agent', 'admin'];
const tags = ['auto-refill'];
const order = defaultBasePaths.order;
const payment = defaultBasePaths.payment;

export function autoRefillRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = deps.database.db;

  r.get(
    `${order}/${endpoints.autoRefillEligibleOrders.path}`,
    { config: { access }, schema: { tags, response: { 200: envelope(refillEligibleData) } } },
    async (request, reply) => {
      const { userId } = requireUser(request);
      return sendData(reply, await refillEligibleLines(db, userId));
    },
  );

  r.post(
    `${order}/${endpoints.activateAutoRefill.path}`,
    {
      config: { access },
      schema: {
        tags,
        body: activateAutoRefillRequest,
        response: { 200: envelope(autoRefillData) },
      },
    },
    async (request, reply) => {
      const principal = requireUser(request);
      return sendData(
        reply,
        await activateAutoRefill(db, contextOf(request), principal, request.body),
      );
    },
  );

  r.get(
    `${order}/${endpoints.autoRefill.path}`,
    { config: { access }, schema: { tags, response: { 200: envelope(autoRefillList) } } },
    async (request, reply) => {
      const { userId } = requireUser(request);
      return sendData(reply, await refillsOf(db, userId));
    },
  );

  r.get(
    `${order}/${endpoints.autoRefillV2.path.replace('{storefrontId}', ':storefrontId')}`,
    {
      config: { access },
      schema: {
        tags,
        params: autoRefillStorefrontParams,
        response: { 200: envelope(autoRefillList) },
      },
    },
    async (request, reply) => {
      const { userId } = requireUser(request);
      return sendData(
        reply,
        await refillsOf(db, userId, { storefrontId: request.params.storefrontId }),
      );
    },
  );

  r.get(
    `${payment}/${endpoints.activeAutoRefills.path}`,
    { config: { access }, schema: { tags, response: { 200: envelope(autoRefillList) } } },
    async (request, reply) => {
      const { userId } = requireUser(request);
      return sendData(reply, await refillsOf(db, userId, { activeOnly: true }));
    },
  );

  r.post(
    `${payment}/${endpoints.deactivateAutoRefill.path}`,
    {
      config: { access },
      schema: {
        tags,
        body: deactivateAutoRefillRequest,
        response: { 200: envelope(autoRefillData) },
      },
    },
    async (request, reply) => {
      const principal = requireUser(request);
      return sendData(
        reply,
        await deactivateAutoRefill(db, contextOf(request), principal, request.body),
      );
    },
  );

  r.post(
    `${payment}/${endpoints.updateShipSettings.path}`,
    {
      config: { access },
      schema: {
        tags,
        body: updateShipSettingsRequest,
        response: { 200: envelope(autoRefillData) },
      },
    },
    async (request, reply) => {
      const principal = requireUser(request);
      return sendData(
        reply,
        await updateShipSettings(db, contextOf(request), principal, request.body),
      );
    },
  );

  r.post(
    `${payment}/${endpoints.pauseAutoRefill.path}`,
    {
      config: { access },
      schema: { tags, body: pauseAutoRefillRequest, response: { 200: envelope(autoRefillData) } },
    },
    async (request, reply) =>
      sendData(reply, await setRefillPaused(db, contextOf(request), request.body)),
  );
}
