import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { defaultBasePaths } from '../../../shared/api/bases';
import { endpoints } from '../../../shared/api/endpoints';
import {
  emptyData,
  resetPasswordEmailRequest,
  resetPasswordRequest,
} from '../../../shared/contracts/auth';
import { envelope } from '../../../shared/contracts/envelope';
import { messages } from '../../../shared/errors/messages';
import type { AppDeps } from '../../deps';
import { sendData } from '../../plugins/envelope';
import { contextOf } from '../auth/request-context';
import { requestPasswordReset, resetPassword } from './service';

const base = defaultBasePaths.auth;

export function passwordResetRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The same answer whether or not the email belongs to an account (SECURITY "Credentials").
  r.post(
    `${base}/${endpoints.resetPasswordEmail.path}`,
    {
      config: { access: ['api-key'] },
      schema: {
        tags: ['auth'],
        body: resetPasswordEmailRequest,
        response: { 200: envelope(emptyData) },
      },
    },
    async (request, reply) => {
      await requestPasswordReset(deps, contextOf(request), request.body.email);
      return sendData(reply, null, messages.resetEmailSent);
    },
  );

  r.post(
    `${base}/${endpoints.resetPassword.path}`,
    {
      config: { access: ['api-key'] },
      schema: {
        tags: ['auth'],
        body: resetPasswordRequest,
        response: { 200: envelope(emptyData) },
      },
    },
    async (request, reply) => {
      await resetPassword(deps, contextOf(request), request.body);
      return sendData(reply, null, messages.passwordResetDone);
    },
  );
}
