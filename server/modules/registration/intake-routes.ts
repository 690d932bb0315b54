import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { defaultBasePaths } from '../../../shared/api/bases';
import { envelope } from '../../../shared/contracts/envelope';
import {
  ecpInviteData,
  ecpInviteRequest,
  intakeListData,
  intakeListQuery,
} from '../../../shared/contracts/registration';
import { fail } from '../../../shared/errors/app-error';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../plugins/auth';
import { sendData } from '../../plugins/envelope';
import { contextOf } from '../auth/request-context';
import { invitePatient, listIntakePatients } from './intake-service';

const intakePatientsPath = `${defaultBasePaths.staff}/intake/patients`;

/** The ECP intake path of the staff console (spec §6, DESIGN §1). */
export function ecpIntakeRoutes(app: FastifyInstance, { config, database, notifier }: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;
  const tags = ['intake'];

  r.post(
    intakePatientsPath,
    {
      config: { access: ['ecp'] },
      schema: { tags, body: ecpInviteRequest, response: { 201: envelope(ecpInviteData) } },
    },
    async (request, reply) => {
      const ecp = requireUser(request);
      const invited = await invitePatient(
        { db, notifier, publicUrl: config.publicUrl },
        contextOf(request),
        ecp.userId,
        request.body,
      );
      return sendData(reply, invited, 'Created', 201);
    },
  );

  r.get(
    intakePatientsPath,
    {
      config: { access: ['ecp', 'admin'] },
      schema: { tags, querystring: intakeListQuery, response: { 200: envelope(intakeListData) } },
    },
    async (request, reply) => {
      const user = requireUser(request);
      if (user.role !== 'ecp' && user.role !== 'admin') throw fail.forbidden();
      const caller = { userId: user.userId, role: user.role };
      return sendData(
        reply,
        await listIntakePatients(db, contextOf(request), caller, request.query),
      );
    },
  );
}
