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
import { writeAudit } from '../audit/audit-service';
import { contextOf } from '../auth/request-context';
import { createPatient } from './create-patient';
import { searchPatients } from './patient-search';
import { findPatient, patientOrders, patientView } from './patient-view';

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
    async (request, reply) => {
      const found = await searchPatients(db, request.query);
      await writeAudit(db, request, {
        action: 'staff.patients.search',
        outcome: 'success',
        detail: {
          fields: found.searchedFields,
          results: found.items.length,
          nextPage: request.query.cursor !== undefined,
        },
      });
      return sendData(reply, found);
    },
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
    async (request, reply) => {
      const view = await patientView(db, request.params.userId);
      await writeAudit(db, request, {
        action: 'staff.patients.view',
        outcome: 'success',
        subject: view.profile.userId,
      });
      return sendData(reply, view);
    },
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
    async (request, reply) => {
      const patient = await findPatient(db, request.params.userId);
      const page = await patientOrders(db, patient.userId, request.query);
      await writeAudit(db, request, {
        action: 'staff.patients.orders',
        outcome: 'success',
        subject: patient.userId,
        detail: { results: page.items.length, nextPage: request.query.cursor !== undefined },
      });
      return sendData(reply, page);
    },
  );
}
