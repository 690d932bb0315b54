import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { defaultBasePaths } from '../../../shared/api/bases';
import { endpoints } from '../../../shared/api/endpoints';
import { emptyData } from '../../../shared/contracts/auth';
import { envelope } from '../../../shared/contracts/envelope';
import {
  medicationsData,
  passwordLastUpdatedData,
  signOutOtherDevicesData,
  updateMedicationsRequest,
  updatePasswordRequest,
  updateUserInfoRequest,
  userInfoData,
} from '../../../shared/contracts/profile';
import { messages } from '../../../shared/errors/messages';
import type { AppDeps } from '../../deps';
import { requireUser } from '../../plugins/auth';
import { sendData } from '../../plugins/envelope';
import type { Access } from '../auth/principal';
import { contextOf } from '../auth/request-context';
import { getMedications, updateMedications } from './medications';
import { signOutOtherDevices } from './other-devices';
import { getUserInfo, passwordLastUpdated, updatePassword, updateUserInfo } from './service';

const base = defaultBasePaths.user;
/** Every signed-in user manages their own profile; a guest token or the api key alone cannot. */
const signedIn: readonly Access[] = ['patient', 'agent', 'ecp', 'doctor', 'admin'];

const patientOnly: readonly Access[] = ['patient'];

export function profileRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    `${base}/${endpoints.medications.path}`,
    {
      config: { access: patientOnly },
      schema: { tags: ['profile'], response: { 200: envelope(medicationsData) } },
    },
    async (request, reply) => sendData(reply, await getMedications(deps, contextOf(request))),
  );

  r.put(
    `${base}/${endpoints.medications.path}`,
    {
      config: { access: patientOnly },
      schema: {
        tags: ['profile'],
        body: updateMedicationsRequest,
        response: { 200: envelope(medicationsData) },
      },
    },
    async (request, reply) => {
      const saved = await updateMedications(deps, contextOf(request), request.body.medications);
      return sendData(reply, saved, 'Medications saved');
    },
  );

  r.get(
    `${base}/${endpoints.userInfo.path}`,
    {
      config: { access: signedIn },
      schema: { tags: ['profile'], response: { 200: envelope(userInfoData) } },
    },
    async (request, reply) => {
      const { userId } = requireUser(request);
      return sendData(reply, await getUserInfo(deps, userId));
    },
  );

  r.post(
    `${base}/${endpoints.updateUserInfo.path}`,
    {
      config: { access: signedIn },
      schema: {
        tags: ['profile'],
        body: updateUserInfoRequest,
        response: { 200: envelope(userInfoData) },
      },
    },
    async (request, reply) => {
      const { userId } = requireUser(request);
      return sendData(reply, await updateUserInfo(deps, contextOf(request), userId, request.body));
    },
  );

  r.post(
    `${base}/${endpoints.updatePassword.path}`,
    {
      config: { access: signedIn },
      schema: {
        tags: ['profile'],
        body: updatePasswordRequest,
        response: { 200: envelope(emptyData) },
      },
    },
    async (request, reply) => {
      const { userId } = requireUser(request);
      await updatePassword(deps, contextOf(request), userId, request.body);
      return sendData(reply, null, messages.passwordChanged);
    },
  );

  r.get(
    `${base}/${endpoints.passwordLastUpdated.path}`,
    {
      config: { access: signedIn },
      schema: { tags: ['profile'], response: { 200: envelope(passwordLastUpdatedData) } },
    },
    async (request, reply) => {
      const { userId } = requireUser(request);
      return sendData(reply, await passwordLastUpdated(deps, userId));
    },
  );

  r.post(
    `${base}/${endpoints.signOutOtherDevices.path}`,
    {
      config: { access: signedIn },
      schema: { tags: ['profile'], response: { 200: envelope(signOutOtherDevicesData) } },
    },
    async (request, reply) =>
      sendData(reply, await signOutOtherDevices(deps.database.db, contextOf(request))),
  );
}
