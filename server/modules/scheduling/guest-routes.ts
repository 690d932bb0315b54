import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { defaultBasePaths } from '../../../shared/api/bases';
import { endpoints } from '../../../shared/api/endpoints';
import { envelope } from '../../../shared/contracts/envelope';
import { orderData } from '../../../shared/contracts/orders';
import { doctorListData, guestSelectDoctorRequest } from '../../../shared/contracts/scheduling';
import type { AppDeps } from '../../deps';
import { sendData } from '../../plugins/envelope';
import { contextOf } from '../auth/request-context';
import { doctorsForGuestOrder } from './service';
import { chooseDoctor } from './visit-choices';

const base = defaultBasePaths.guestOrders;
const access = ['guest'] as const;
const tags = ['guest-orders', 'scheduling'];

/** The guest order's doctor (spec §7 v1/guestorders/current/getdoctors and current/doctor). */
export function guestSchedulingRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { database } = deps;

  r.get(
    `${base}/${endpoints.guestOrderDoctors.path}`,
    { config: { access }, schema: { tags, response: { 200: envelope(doctorListData) } } },
    async (request, reply) =>
      sendData(reply, await doctorsForGuestOrder(database.db, contextOf(request))),
  );

  r.patch(
    `${base}/${endpoints.guestOrderDoctor.path}`,
    {
      config: { access },
      schema: { tags, body: guestSelectDoctorRequest, response: { 200: envelope(orderData) } },
    },
    async (request, reply) => {
      const answer = await chooseDoctor(deps, contextOf(request), request.body);
      return sendData(reply, answer, 'Doctor selected');
    },
  );
}
