import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '../../../shared/contracts/envelope';
import {
  labData,
  labListData,
  labParams,
  labResultValuesRequest,
  labsQuery,
  orderLabsRequest,
  staffPatientLabsParams,
} from '../../../shared/contracts/labs';
import { visitParams } from '../../../shared/contracts/visits';
import { MAX_UPLOAD_BYTES } from '../../../shared/validation/uploads';
import type { AppDeps } from '../../deps';
import { routePath } from '../../lib/route-path';
import { sendData } from '../../plugins/envelope';
import { acceptOneFile, uploadedPart } from '../../plugins/one-file-upload';
import { sendFile } from '../../plugins/send-file';
import type { Access } from '../auth/principal';
import { contextOf } from '../auth/request-context';
import type { LabFile } from './lab-files';
import { orderLabs } from './lab-ordering';
import { attachResultFile, attachResultValues, markCollected } from './lab-results';
import { patientLabFile, patientLabs } from './patient-labs';
import { staffLabFile, staffPatientLabs } from './staff-labs';

const patientOnly: readonly Access[] = ['patient'];
const doctorOnly: readonly Access[] = ['doctor'];
/** Staff who keep labs: agents and admins for any patient, doctors for their own patients. */
const labStaff: readonly Access[] = ['agent', 'admin', 'doctor'];
const tags = ['labs'];

/** A lab PDF as a download. */
function sendPdf(reply: FastifyReply, file: LabFile) {
  return sendFile(reply, {
    mimeType: 'application/pdf',
    content: file.content,
    attachmentName: file.fileName,
  });
}

/**
 * Labs (issue 13): the patient's list and PDFs (HealthRecord/labs), the doctor's order from a
 * visit, and the staff's sample, results (values or a PDF) and downloads.
 */
export function labRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    routePath('labs'),
    {
      config: { access: patientOnly },
      schema: { tags, querystring: labsQuery, response: { 200: envelope(labListData) } },
    },
    async (request, reply) => {
      const labs = await patientLabs(deps, contextOf(request), request.query.storefrontId);
      return sendData(reply, { labs });
    },
  );

  for (const kind of ['requisition', 'results'] as const) {
    r.get(
      routePath(kind === 'requisition' ? 'labRequisition' : 'labResults'),
      {
        config: { access: patientOnly },
        schema: { tags, params: labParams, description: `The lab's ${kind} PDF.` },
      },
      async (request, reply) =>
        sendPdf(reply, await patientLabFile(deps, contextOf(request), request.params.labId, kind)),
    );
    r.get(
      routePath(kind === 'requisition' ? 'staffLabRequisition' : 'staffLabResults'),
      {
        config: { access: labStaff },
        schema: { tags, params: labParams, description: `The lab's ${kind} PDF (audited).` },
      },
      async (request, reply) =>
        sendPdf(reply, await staffLabFile(deps, contextOf(request), request.params.labId, kind)),
    );
  }

  r.post(
    routePath('staffVisitLabs'),
    {
      config: { access: doctorOnly },
      schema: {
        tags,
        params: visitParams,
        body: orderLabsRequest,
        response: { 200: envelope(labData) },
      },
    },
    async (request, reply) => {
      const lab = await orderLabs(deps, contextOf(request), request.params.orderId, request.body);
      return sendData(reply, lab, 'Labs ordered');
    },
  );

  r.get(
    routePath('staffPatientLabs'),
    {
      config: { access: labStaff },
      schema: { tags, params: staffPatientLabsParams, response: { 200: envelope(labListData) } },
    },
    async (request, reply) => {
      const labs = await staffPatientLabs(deps, contextOf(request), request.params.userId);
      return sendData(reply, { labs });
    },
  );

  r.post(
    routePath('staffLabCollected'),
    {
      config: { access: labStaff },
      schema: { tags, params: labParams, response: { 200: envelope(labData) } },
    },
    async (request, reply) => {
      const lab = await markCollected(deps, contextOf(request), request.params.labId);
      return sendData(reply, lab, 'Sample collected');
    },
  );

  r.post(
    routePath('staffLabResults'),
    {
      config: { access: labStaff },
      schema: {
        tags,
        params: labParams,
        body: labResultValuesRequest,
        response: { 200: envelope(labData) },
      },
    },
    async (request, reply) => {
      const { labId } = request.params;
      const lab = await attachResultValues(deps, contextOf(request), labId, request.body.values);
      return sendData(reply, lab, 'Results saved');
    },
  );

  void app.register(async (scope) => {
    await acceptOneFile(scope, { maxBytes: MAX_UPLOAD_BYTES, throwAtLimit: false });
    scope.withTypeProvider<ZodTypeProvider>().post(
      routePath('staffLabResultsFile'),
      {
        config: { access: labStaff },
        schema: {
          tags,
          params: labParams,
          description: 'multipart/form-data with one file part: the results PDF, 10 MB at most.',
          response: { 200: envelope(labData) },
        },
      },
      async (request, reply) => {
        const file = await uploadedPart(request);
        const lab = await attachResultFile(deps, contextOf(request), request.params.labId, file);
        return sendData(reply, lab, 'Results saved');
      },
    );
  });
}
