import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { defaultBasePaths } from '../../../shared/api/bases';
import { endpoints } from '../../../shared/api/endpoints';
import { envelope } from '../../../shared/contracts/envelope';
import {
  questionnaireData,
  questionnaireQuery,
  saveAnswersData,
  saveAnswersRequest,
} from '../../../shared/contracts/questionnaire';
import type { AppDeps } from '../../deps';
import { sendData } from '../../plugins/envelope';
import type { Access } from '../auth/principal';
import { getQuestionnaire, saveAnswers } from './service';

const path = `${defaultBasePaths.order}/${endpoints.questionnaire.path}`;
/** A patient's own order, a guest's own guest order, or any order for staff who place them. */
const orderHolders: readonly Access[] = ['guest', 'patient', 'agent', 'admin'];
const tags = ['questionnaire'];

export function questionnaireRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    path,
    {
      config: { access: orderHolders },
      schema: {
        tags,
        querystring: questionnaireQuery,
        response: { 200: envelope(questionnaireData) },
      },
    },
    async (request, reply) =>
      sendData(reply, await getQuestionnaire(deps, request.principal, request.query.orderId)),
  );

  r.post(
    path,
    {
      config: { access: orderHolders },
      schema: { tags, body: saveAnswersRequest, response: { 200: envelope(saveAnswersData) } },
    },
    async (request, reply) =>
      sendData(reply, await saveAnswers(deps, request.principal, request.body)),
  );
}
