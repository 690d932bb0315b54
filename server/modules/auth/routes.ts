import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  guestTokenData,
  guestTokenRequest,
  loginRequest,
  sendLoginOtpData,
  sendLoginOtpRequest,
  tokenData,
  validateTokenData,
  verifyLoginOtpRequest,
} from '../../../shared/contracts/auth';
import { envelope } from '../../../shared/contracts/envelope';
import type { AppDeps } from '../../deps';
import { sendData } from '../../plugins/envelope';
import { issueGuestToken } from './guest-token-service';
import { loginWithPassword } from './login-service';
import { sendLoginPasscode, verifyLoginPasscode } from './passcode-service';
import { contextOf } from './request-context';
import { signOut } from './sign-out';

const signedIn = ['patient', 'agent', 'ecp', 'doctor', 'admin'] as const;

/** The Auth family of spec §7 under /api/auth. Sign-in calls take form data, as the spec says. */
export function authRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database } = deps;

  r.post(
    '/api/auth/AccessTokenSfrw',
    {
      config: { access: ['public'] },
      schema: { tags: ['auth'], body: loginRequest, response: { 200: envelope(tokenData) } },
    },
    async (request, reply) => {
      const body = request.body;
      const token = await loginWithPassword(deps, contextOf(request), {
        email: body.username,
        password: body.password,
        storefrontId: body.companyid,
        guestOrderId: body.guestOrderId ?? null,
        guid: body.GUID ?? null,
        reported: { clientIp: body.clientIp ?? null, ga: body.GA ?? null },
      });
      return sendData(reply, token, 'Signed in');
    },
  );

  r.post(
    '/api/auth/SendLoginOtp',
    {
      config: { access: ['public'] },
      schema: {
        tags: ['auth'],
        body: sendLoginOtpRequest,
        response: { 200: envelope(sendLoginOtpData) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const sent = await sendLoginPasscode(deps, contextOf(request), {
        email: body.userName,
        channels: body['channels[]'],
        storefrontId: body.companyId,
      });
      return sendData(reply, sent, 'Passcode sent');
    },
  );

  r.post(
    '/api/auth/VerifyLoginOtp',
    {
      config: { access: ['public'] },
      schema: {
        tags: ['auth'],
        body: verifyLoginOtpRequest,
        response: { 200: envelope(tokenData) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const { token } = await verifyLoginPasscode(deps, contextOf(request), {
        email: body.userName,
        code: body.code,
        storefrontId: body.companyId,
        guestOrderId: body.guestOrderId ?? null,
        guid: body.GUID ?? null,
        reported: { clientIp: body.clientIp ?? null, ga: body.GA ?? null },
      });
      return sendData(reply, token, 'Signed in');
    },
  );

  r.post(
    '/api/auth/AccessTokenAdmin',
    {
      config: { access: ['public'] },
      schema: {
        tags: ['auth'],
        body: guestTokenRequest,
        response: { 200: envelope(guestTokenData) },
      },
    },
    async (request, reply) => {
      const token = await issueGuestToken(deps, contextOf(request), {
        clientId: request.body.client_id,
        clientSecret: request.body.client_secret,
      });
      return sendData(reply, token, 'Guest token issued');
    },
  );

  r.post(
    '/api/auth/LogoutSfrw',
    {
      config: { access: [...signedIn, 'guest'] },
      schema: { tags: ['auth'], response: { 200: envelope(z.null()) } },
    },
    async (request, reply) => {
      await signOut(database.db, contextOf(request));
      return sendData(reply, null, 'Signed out');
    },
  );

  for (const method of ['GET', 'POST'] as const) {
    r.route({
      method,
      url: '/api/auth/ValidateTokenSfrw',
      config: { access: [...signedIn, 'guest'] },
      schema: { tags: ['auth'], response: { 200: envelope(validateTokenData) } },
      handler: async (request, reply) => {
        const principal = request.principal;
        return sendData(reply, {
          valid: true as const,
          kind: principal.kind === 'user' ? ('user' as const) : ('guest' as const),
          userId: principal.kind === 'user' ? principal.userId : null,
          role: principal.kind === 'user' ? principal.role : null,
        });
      },
    });
  }
}
