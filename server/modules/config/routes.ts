import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { endpoints } from '../../../shared/api/endpoints';
import {
  acceptConsentsRequest,
  acceptedConsentsData,
  acceptedConsentsQuery,
  applicationSettingsBody,
  applicationSettingsData,
  applicationSettingsParams,
  consentsData,
  consentsRequest,
  phoneAndEmailData,
  phoneAndEmailQuery,
  publicConfigData,
  publicConfigQuery,
  taxSettingsData,
  taxSettingsRequest,
} from '../../../shared/contracts/config';
import { envelope } from '../../../shared/contracts/envelope';
import type { AppDeps } from '../../deps';
import { sendData, sendUnchangedData } from '../../plugins/envelope';
import { contextOf } from '../auth/request-context';
import { acceptConsents, acceptedConsents } from './consent-acceptance';
import * as service from './service';

const base = '/api/config';
/** Anonymous calls of spec §7 (request mode 3): the api-key header, or any valid token. */
const routeConfig = { access: ['api-key'] } as const;
const tags = ['config'];

export function configRoutes(app: FastifyInstance, { database, config }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    `${base}/Storefront/GetPhoneAndEmail`,
    {
      config: routeConfig,
      schema: {
        tags,
        querystring: phoneAndEmailQuery,
        response: { 200: envelope(phoneAndEmailData) },
      },
    },
    async (request, reply) =>
      sendData(reply, await service.phoneAndEmail(database, request.query.storefrontId)),
  );

  r.post(
    `${base}/Storefront/GetTaxSettings`,
    {
      config: routeConfig,
      schema: { tags, body: taxSettingsRequest, response: { 200: envelope(taxSettingsData) } },
    },
    async (request, reply) =>
      sendData(reply, await service.taxSettings(database, request.body.storefrontId)),
  );

  // The spec's client POSTs; DESIGN §3's example GETs. Both answer the same.
  r.get(
    `${base}/Storefront/:storefrontId/applicationsettings`,
    {
      config: routeConfig,
      schema: {
        tags,
        params: applicationSettingsParams,
        response: { 200: envelope(applicationSettingsData) },
      },
    },
    async (request, reply) =>
      sendData(reply, await service.applicationSettings(database, request.params.storefrontId)),
  );
  r.post(
    `${base}/Storefront/:storefrontId/applicationsettings`,
    {
      config: routeConfig,
      schema: {
        tags,
        params: applicationSettingsParams,
        body: applicationSettingsBody,
        response: { 200: envelope(applicationSettingsData) },
      },
    },
    async (request, reply) =>
      sendData(reply, await service.applicationSettings(database, request.params.storefrontId)),
  );

  r.post(
    `${base}/v1/consents`,
    {
      config: routeConfig,
      schema: { tags, body: consentsRequest, response: { 200: envelope(consentsData) } },
    },
    async (request, reply) =>
      sendData(reply, await service.storefrontConsents(database, request.body.StorefrontId)),
  );

  r.post(
    `${base}/${endpoints.acceptConsents.path}`,
    {
      config: { access: ['patient'] },
      schema: {
        tags,
        body: acceptConsentsRequest,
        response: { 200: envelope(acceptedConsentsData) },
      },
    },
    async (request, reply) =>
      sendData(reply, await acceptConsents(database, contextOf(request), request.body)),
  );

  r.get(
    `${base}/${endpoints.acceptedConsents.path}`,
    {
      config: { access: ['patient'] },
      schema: {
        tags,
        querystring: acceptedConsentsQuery,
        response: { 200: envelope(acceptedConsentsData) },
      },
    },
    async (request, reply) =>
      sendData(
        reply,
        await acceptedConsents(database, contextOf(request), request.query.storefrontId),
      ),
  );

  r.get(
    `${base}/public`,
    {
      config: routeConfig,
      schema: {
        tags,
        querystring: publicConfigQuery,
        response: { 200: envelope(publicConfigData) },
      },
    },
    async (request, reply) =>
      sendUnchangedData(
        reply,
        await service.publicConfig(database, request.query.storefrontId ?? config.storefrontId),
      ),
  );
}
