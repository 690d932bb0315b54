import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { defaultBasePaths } from '../../../shared/api/bases';
import { envelope } from '../../../shared/contracts/envelope';
import {
  createPatientRequest,
  patientOrdersData,
  patientOrdersQuery,
  patientParams,
  patientRow,
  patientSearchData,
  patientSearchQuery,
  patientViewData,
} from '../../../shared/contracts/staff-patients';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../plugins/auth';
import { sendData } from '../../plugins/envelope';
import { contextOf } from '../auth/request-context';
import { patientOrdersAudited, searchPatientsAudited, viewPatientAudited } from './audited-reads';
import { createPatient } from './create-patient';

const patientsPath = `${defaultBasePaths.staff}/patients`;

/**
 * The console's patients (issue 5) for agents and admins. Every read of patient data is
 * audited (SECURITY "Audit"): a search records which fields were searched, never the text.
 */
export function staffPatientRoutes(app: FastifyInstance, { database }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;
  const tags = ['staff-patients'];
  const access = ['agent', 'admin'] as const;

  r.get(
    patientsPath,
    {
      config: { access },
      schema: {
        tags,
        querystring: patientSearchQuery,
        response: { 200: envelope(patientSearchData) },
      },
    },
    async (request, reply) =>
      sendData(reply, await searchPatientsAudited(db, contextOf(request), request.query)),
  );

  r.post(
    patientsPath,
    {
      config: { access },
      schema: { tags, body: createPatientRequest, response: { 201: envelope(patientRow) } },
    },
    async (request, reply) => {
      const staff = requireUser(request);
      const patient = await createPatient(db, contextOf(request), staff.userId, request.body);
      return sendData(reply, patient, 'Created', 201);
    },
  );

  r.get(
    `${patientsPath}/:userId`,
    {
      config: { access },
      schema: { tags, params: patientParams, response: { 200: envelope(patientViewData) } },
    },
    async (request, reply) =>
      sendData(reply, await viewPatientAudited(db, contextOf(request), request.params.userId)),
  );

  r.get(
    `${patientsPath}/:userId/orders`,
    {
      config: { access },
      schema: {
        tags,
        params: patientParams,
        querystring: patientOrdersQuery,
        response: { 200: envelope(patientOrdersData) },
      },
    },
    async (request, reply) =>
      sendData(
        reply,
        await patientOrdersAudited(db, contextOf(request), request.params.userId, request.query),
      ),
  );
}
