import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { defaultBasePaths } from '../../../shared/api/bases';
import { endpointPath, endpoints } from '../../../shared/api/endpoints';
import { tokenData } from '../../../shared/contracts/auth';
import { envelope } from '../../../shared/contracts/envelope';
import {
  prescriberInfoData,
  prescriberInfoQuery,
  type RegisterJoinTheMovementRequest,
  type RegisterWithOtpRequest,
  registerIntakeRequest,
  registerJoinTheMovementRequest,
  registerRequest,
  registerWithOtpRequest,
  sendRegistrationCodeData,
  sendRegistrationCodeRequest,
  validateIntakeData,
  validateIntakeQuery,
} from '../../../shared/contracts/registration';
import type { AppDeps } from '../../deps';
import { sendData } from '../../plugins/envelope';
import { contextOf } from '../auth/request-context';
import { completeInvitation, validateInvitation } from './intake-service';
import { prescriberInfo } from './prescriber-info';
import { sendRegistrationCode } from './registration-code';
import { registerPatient, registrationAction, splitFullName } from './service';

/** What every registration request carries, as the registration service takes it. */
function registrationOf(
  body: RegisterWithOtpRequest | RegisterJoinTheMovementRequest,
  names: { firstName: string; lastName: string },
) {
  return {
    email: body.Email,
    storefrontId: body.CompanyId,
    ...names,
    phone: body.PhoneNo,
    landingPage: body.landingPage,
    redirectPage: body.redirectPage,
    GUID: body.GUID,
    guestOrderId: body.guestOrderId,
    emailCode: body.EmailCode,
  };
}

const userPath = (name: Parameters<typeof endpointPath>[0]) =>
  `${defaultBasePaths.user}/${endpointPath(name)}`;

/**
 * Self-service registration under the user-service base (spec §7). The web app calls these
 * with the api key or a guest token, so they are 'api-key' routes; each answers the token of
 * the newly signed-in patient.
 */
export function registrationRoutes(app: FastifyInstance, deps: AppDeps) {
  const { database } = deps;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = database;
  const tags = ['registration'];
  const signedIn = { 200: envelope(tokenData) };

  r.post(
    userPath('sendRegistrationCode'),
    {
      config: { access: ['api-key'] },
      schema: {
        tags,
        body: sendRegistrationCodeRequest,
        response: { 200: envelope(sendRegistrationCodeData) },
      },
    },
    async (request, reply) => {
      const sent = await sendRegistrationCode(deps, contextOf(request), {
        email: request.body.Email,
        storefrontId: request.body.CompanyId,
        action: registrationAction('web'),
      });
      return sendData(reply, sent);
    },
  );

  r.post(
    userPath('register'),
    {
      config: { access: ['api-key'] },
      schema: { tags, body: registerRequest, response: signedIn },
    },
    async (request, reply) => {
      const b = request.body;
      const token = await registerPatient(deps, contextOf(request), {
        ...registrationOf(b, { firstName: b.FirstName, lastName: b.LastName }),
        kind: 'web',
        password: b.Password,
      });
      return sendData(reply, token);
    },
  );

  r.post(
    userPath('registerWithOtp'),
    {
      config: { access: ['api-key'] },
      schema: { tags, body: registerWithOtpRequest, response: signedIn },
    },
    async (request, reply) => {
      const b = request.body;
      const token = await registerPatient(deps, contextOf(request), {
        ...registrationOf(b, { firstName: b.FirstName, lastName: b.LastName }),
        kind: 'otp',
        password: null,
      });
      return sendData(reply, token);
    },
  );

  r.post(
    userPath('registerJoinTheMovement'),
    {
      config: { access: ['api-key'] },
      schema: { tags, body: registerJoinTheMovementRequest, response: signedIn },
    },
    async (request, reply) => {
      const b = request.body;
      const token = await registerPatient(deps, contextOf(request), {
        ...registrationOf(b, splitFullName(b.FullName)),
        kind: 'join-the-movement',
        password: b.Password ?? null,
      });
      return sendData(reply, token);
    },
  );

  r.get(
    userPath('validateIntakeByPeopleId'),
    {
      config: { access: ['api-key'] },
      schema: {
        tags,
        querystring: validateIntakeQuery,
        response: { 200: envelope(validateIntakeData) },
      },
    },
    async (request, reply) => sendData(reply, await validateInvitation(db, request.query.peopleId)),
  );

  r.get(
    `${defaultBasePaths.order}/${endpoints.prescriberInfo.path}`,
    {
      config: { access: ['api-key'] },
      schema: {
        tags,
        querystring: prescriberInfoQuery,
        response: { 200: envelope(prescriberInfoData) },
      },
    },
    async (request, reply) =>
      sendData(reply, await prescriberInfo(db, contextOf(request), request.query)),
  );

  r.post(
    userPath('registerIntakeByEmail'),
    {
      config: { access: ['api-key'] },
      schema: { tags, body: registerIntakeRequest, response: signedIn },
    },
    async (request, reply) =>
      sendData(reply, await completeInvitation(db, contextOf(request), request.body)),
  );
}
