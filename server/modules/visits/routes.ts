import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '../../../shared/contracts/envelope';
import {
  endVisitRequest,
  patientVisitQuery,
  rescheduleByLinkRequest,
  rescheduleLinkData,
  rescheduleLinkParams,
  saveDoctorRatingRequest,
  visitChartData,
  visitData,
  visitListData,
  visitNotesRequest,
  visitParams,
  welcomeVisitData,
  welcomeVisitQuery,
} from '../../../shared/contracts/visits';
import type { AppDeps } from '../../deps';
import { routePath } from '../../lib/route-path';
import { sendData } from '../../plugins/envelope';
import type { Access } from '../auth/principal';
import { contextOf } from '../auth/request-context';
import { doctorVisits, endVisit, saveVisitNotes, startVisit, visitChart } from './doctor-visits';
import {
  missedScheduledVisit,
  patientVisit,
  patientVisits,
  saveDoctorRating,
  visitAboutToStart,
  welcomeScreenVisit,
} from './patient-visits';
import { rescheduleByLink, rescheduleLinkView } from './reschedule-by-link';
import { serveRoomConnection } from './room-connection';
import { hearVisitStatus } from './visit-announcements';
import { VisitRooms } from './visit-rooms';

const patientOnly: readonly Access[] = ['patient'];
const doctorOnly: readonly Access[] = ['doctor'];
/** An emailed reschedule link is its own credential, like a payment link. */
const linkHolder: readonly Access[] = ['public'];
/** The room's WebSocket: the upgrade is open to all; its first message must carry a token. */
const roomDoor: readonly Access[] = ['public'];
const tags = ['visits'];

/**
 * Video visits (issue 12): the patient's visit, welcome-back answers and rating; the doctor's
 * visit list, chart, start, notes and end; and the room's signalling socket. A status change
 * made over HTTP is told to the room's people at once.
 */
export function visitRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database } = deps;
  const rooms = new VisitRooms();
  // Status changes made over HTTP, on this server or another, reach the rooms held here.
  let stopHearing: (() => Promise<void>) | null = null;
  app.addHook('onReady', async () => {
    stopHearing = await hearVisitStatus(database, rooms, app.log);
  });
  app.addHook('onClose', async () => {
    await stopHearing?.();
  });

  r.get(
    routePath('patientVisit'),
    {
      config: { access: patientOnly },
      schema: { tags, querystring: patientVisitQuery, response: { 200: envelope(visitData) } },
    },
    async (request, reply) =>
      sendData(reply, await patientVisit(database, contextOf(request), request.query.orderId)),
  );

  r.get(
    routePath('patientVisits'),
    {
      config: { access: patientOnly },
      schema: { tags, response: { 200: envelope(visitListData) } },
    },
    async (request, reply) =>
      sendData(reply, { visits: await patientVisits(database, contextOf(request)) }),
  );

  r.post(
    routePath('saveDoctorRating'),
    {
      config: { access: patientOnly },
      schema: { tags, body: saveDoctorRatingRequest, response: { 200: envelope(visitData) } },
    },
    async (request, reply) =>
      sendData(
        reply,
        await saveDoctorRating(database, contextOf(request), request.body),
        'Thank you for rating your doctor.',
      ),
  );

  r.get(
    routePath('welcomeScreenVisit'),
    {
      config: { access: patientOnly },
      schema: { tags, response: { 200: envelope(welcomeVisitData) } },
    },
    async (request, reply) =>
      sendData(reply, { visit: await welcomeScreenVisit(database, contextOf(request)) }),
  );

  // The welcome-back screens' questions: a visit missed, or one about to start.
  for (const [name, visitOf] of [
    ['missedScheduledVisit', missedScheduledVisit],
    ['visitAboutToStart', visitAboutToStart],
  ] as const) {
    r.get(
      routePath(name),
      {
        config: { access: patientOnly },
        schema: {
          tags,
          querystring: welcomeVisitQuery,
          response: { 200: envelope(welcomeVisitData) },
        },
      },
      async (request, reply) =>
        sendData(reply, {
          visit: await visitOf(database, contextOf(request), request.query.storefrontId),
        }),
    );
  }

  r.get(
    routePath('rescheduleLink'),
    {
      config: { access: linkHolder },
      schema: {
        tags,
        params: rescheduleLinkParams,
        response: { 200: envelope(rescheduleLinkData) },
      },
    },
    async (request, reply) => sendData(reply, await rescheduleLinkView(deps, request.params.token)),
  );

  r.post(
    routePath('rescheduleLink'),
    {
      config: { access: linkHolder },
      schema: {
        tags,
        params: rescheduleLinkParams,
        body: rescheduleByLinkRequest,
        response: { 200: envelope(visitData) },
      },
    },
    async (request, reply) =>
      sendData(
        reply,
        await rescheduleByLink(deps, contextOf(request), request.params.token, request.body),
        'Visit rescheduled',
      ),
  );

  r.get(
    routePath('staffVisits'),
    {
      config: { access: doctorOnly },
      schema: { tags, response: { 200: envelope(visitListData) } },
    },
    async (request, reply) =>
      sendData(reply, { visits: await doctorVisits(database, contextOf(request)) }),
  );

  r.get(
    routePath('staffVisit'),
    {
      config: { access: doctorOnly },
      schema: { tags, params: visitParams, response: { 200: envelope(visitChartData) } },
    },
    async (request, reply) =>
      sendData(reply, await visitChart(database, contextOf(request), request.params.orderId)),
  );

  r.post(
    routePath('staffVisitStart'),
    {
      config: { access: doctorOnly },
      schema: { tags, params: visitParams, response: { 200: envelope(visitData) } },
    },
    async (request, reply) => {
      const visit = await startVisit(database, contextOf(request), request.params.orderId);
      return sendData(reply, visit, 'Visit started');
    },
  );

  r.put(
    routePath('staffVisitNotes'),
    {
      config: { access: doctorOnly },
      schema: {
        tags,
        params: visitParams,
        body: visitNotesRequest,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request, reply) => {
      await saveVisitNotes(
        database,
        contextOf(request),
        request.params.orderId,
        request.body.notes,
      );
      return sendData(reply, null, 'Notes saved');
    },
  );

  r.post(
    routePath('staffVisitEnd'),
    {
      config: { access: doctorOnly },
      schema: {
        tags,
        params: visitParams,
        body: endVisitRequest,
        response: { 200: envelope(visitData) },
      },
    },
    async (request, reply) => {
      const visit = await endVisit(deps, contextOf(request), request.params.orderId, request.body);
      return sendData(reply, visit, 'Visit ended');
    },
  );

  app.route({
    method: 'GET',
    url: routePath('visitRoom'),
    config: { access: roomDoor },
    schema: { hide: true },
    // A plain GET is not a WebSocket: 426 tells the caller to upgrade.
    handler: (_request, reply) =>
      reply.code(426).header('upgrade', 'websocket').send({
        Data: null,
        Message: 'This address takes a WebSocket connection.',
        status: 426,
      }),
    wsHandler: (socket, request) =>
      serveRoomConnection(socket, deps, rooms, {
        ip: request.ip,
        requestId: request.id,
        log: request.log,
        addressedVisit: addressedVisitOf(request.query),
      }),
  });
}

/** The `visit` of the socket's address, if it names one. */
function addressedVisitOf(query: unknown): string | null {
  const visit = (query as Record<string, unknown> | null)?.visit;
  return typeof visit === 'string' ? visit.slice(0, 64) : null;
}
