import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { defaultBasePaths } from '../../../shared/api/bases';
import { endpoints } from '../../../shared/api/endpoints';
import { envelope } from '../../../shared/contracts/envelope';
import { orderData } from '../../../shared/contracts/orders';
import {
  doctorBioData,
  doctorBioQuery,
  doctorListData,
  doctorSlotsQuery,
  doctorsByOrderQuery,
  doctorsQuery,
  rescheduleRequest,
  scheduledTimeData,
  scheduledTimeQuery,
  selectDoctorRequest,
  slotListData,
} from '../../../shared/contracts/scheduling';
import type { AppDeps } from '../../deps';
import { sendData } from '../../plugins/envelope';
import type { Access } from '../auth/principal';
import { contextOf } from '../auth/request-context';
import { guestSchedulingRoutes } from './guest-routes';
import { scheduledTimeFor } from './scheduled-time';
import { doctorBio, doctorSlots, doctorsForCallerOrder, listDoctors } from './service';
import { chooseDoctor, rescheduleFor } from './visit-choices';

const base = defaultBasePaths.order;
const path = (name: keyof typeof endpoints) => `${base}/${endpoints[name].path}`;
/** Who may browse doctors and their times: anyone shopping, and staff placing phone orders. */
const browsing: readonly Access[] = ['guest', 'patient', 'agent', 'admin'];
/** Calls on a logged-in order (agents place phone orders for patients). */
const ordering: readonly Access[] = ['patient', 'agent', 'admin'];
const tags = ['scheduling'];

/** Doctors, their free times and the order's visit (spec §7 "Order address" and "Order"). */
export function schedulingRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database } = deps;

  r.get(
    path('doctors'),
    {
      config: { access: browsing },
      schema: { tags, querystring: doctorsQuery, response: { 200: envelope(doctorListData) } },
    },
    async (request, reply) => sendData(reply, await listDoctors(database.db, request.query.state)),
  );

  r.get(
    path('doctorsByOrderId'),
    {
      config: { access: ordering },
      schema: {
        tags,
        querystring: doctorsByOrderQuery,
        response: { 200: envelope(doctorListData) },
      },
    },
    async (request, reply) =>
      sendData(
        reply,
        await doctorsForCallerOrder(database.db, contextOf(request), request.query.orderId),
      ),
  );

  r.get(
    path('doctorBio'),
    {
      config: { access: browsing },
      schema: { tags, querystring: doctorBioQuery, response: { 200: envelope(doctorBioData) } },
    },
    async (request, reply) => sendData(reply, await doctorBio(database.db, request.query.doctorId)),
  );

  r.get(
    path('doctorSlots'),
    {
      config: { access: browsing },
      schema: { tags, querystring: doctorSlotsQuery, response: { 200: envelope(slotListData) } },
    },
    async (request, reply) => sendData(reply, await doctorSlots(database.db, request.query)),
  );

  r.post(
    path('selectDoctor'),
    {
      config: { access: ordering },
      schema: { tags, body: selectDoctorRequest, response: { 200: envelope(orderData) } },
    },
    async (request, reply) => {
      const answer = await chooseDoctor(deps, contextOf(request), request.body);
      return sendData(reply, answer, 'Doctor selected');
    },
  );

  r.get(
    path('scheduledTime'),
    {
      config: { access: ordering },
      schema: {
        tags,
        querystring: scheduledTimeQuery,
        response: { 200: envelope(scheduledTimeData) },
      },
    },
    async (request, reply) =>
      sendData(reply, await scheduledTimeFor(database.db, contextOf(request), request.query)),
  );

  r.post(
    path('rescheduleDoctor'),
    {
      config: { access: ordering },
      schema: { tags, body: rescheduleRequest, response: { 200: envelope(scheduledTimeData) } },
    },
    async (request, reply) => {
      const answer = await rescheduleFor(deps, contextOf(request), request.body);
      return sendData(reply, answer, 'Visit rescheduled');
    },
  );

  guestSchedulingRoutes(app, deps);
}
