import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, defaultErrorMessages, isAppError } from '../../shared/errors/app-error';
import { isDatabaseUnreachable } from '../db/connection-errors';
import { fieldErrorsFromValidation } from './validation-errors';

/** How long a client should wait before retrying while the database is away. */
export const databaseRetryAfterSeconds = 5;

/** Sends data in the envelope of DESIGN §3. */
export function sendData<T>(reply: FastifyReply, data: T, message = 'OK', status = 200) {
  return reply.code(status).send({ Data: data, Message: message, status });
}

const unchangedAnswers = new WeakMap<
  object,
  { message: string; text: string | Buffer | ArrayBuffer }
>();

/**
 * Sends data that a cache hands out as one unchanging object (a storefront's public config, an
 * order's kept answer) in the envelope, written by the route's own serializer the first time
 * and the same text after: a new object (the cache reloaded) is written afresh. Never pass an
 * object that is changed, nor one object to routes of different answers.
 */
export function sendUnchangedData(reply: FastifyReply, data: object, message = 'OK') {
  let written = unchangedAnswers.get(data);
  if (written?.message !== message) {
    written = { message, text: reply.serialize({ Data: data, Message: message, status: 200 }) };
    unchangedAnswers.set(data, written);
  }
  return reply.code(200).type('application/json; charset=utf-8').send(written.text);
}

/** Marks an answer as the kept one of an earlier request with the same Idempotency-Key. */
export function markReplayed(reply: FastifyReply, kept: { replayed: boolean }): void {
  if (kept.replayed) reply.header('idempotent-replayed', 'true');
}

/**
 * Sends a payment's result, the first time and to every retry alike: 402 with the gateway's
 * decline message (a decline is a result, not an error), or 200 with what the caller shows of
 * the paid order.
 */
export function sendPayment<Paid>(
  reply: FastifyReply,
  kept: {
    result: { outcome: 'declined'; message: string } | { outcome: 'paid'; data: Paid };
    replayed: boolean;
  },
  shown: { message: string; data: (paid: Paid) => unknown },
) {
  markReplayed(reply, kept);
  const payment = kept.result;
  if (payment.outcome === 'declined') {
    return reply.code(402).send({ Data: null, Message: payment.message, status: 402 });
  }
  return sendData(reply, shown.data(payment.data), shown.message);
}

/**
 * Maps every failure to the envelope: bad input 400 with field error keys, known errors with
 * their status and message, anything unexpected a generic 500 with the request id (never a
 * stack trace or SQL).
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = fieldErrorsFromValidation(error.validation);
      return reply.code(400).send({
        Data: null,
        Message: firstMessage(error.validation) ?? defaultErrorMessages.badRequest,
        status: 400,
        errors,
        requestId: request.id,
      });
    }
    const known = isAppError(error) ? error : fromFastifyError(error);
    if (known) {
      if (known.status === 401 || known.status === 403) {
        reply.header('cache-control', 'no-store');
      }
      return reply.code(known.status).send({
        Data: null,
        Message: known.message,
        status: known.status,
        ...(known.errors ? { errors: known.errors } : {}),
        requestId: request.id,
      });
    }
    if (isDatabaseUnreachable(error)) {
      // A restart or failover of the database: tell the client to come back shortly.
      request.log.warn({ code: (error as { code?: string }).code }, 'database unreachable');
      return reply.code(503).header('retry-after', String(databaseRetryAfterSeconds)).send({
        Data: null,
        Message: defaultErrorMessages.unavailable,
        status: 503,
        requestId: request.id,
      });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.code(500).send({
      Data: null,
      Message: defaultErrorMessages.internal,
      status: 500,
      requestId: request.id,
    });
  });

  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({
      Data: null,
      Message: defaultErrorMessages.notFound,
      status: 404,
      requestId: request.id,
    }),
  );
}

function firstMessage(validation: { message?: string }[]): string | undefined {
  return validation.find((v) => v.message)?.message;
}

/** Fastify's own errors for malformed requests become 4xx answers with plain wording. */
function fromFastifyError(error: FastifyError): AppError | null {
  const status = error.statusCode ?? 0;
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
    return new AppError('payloadTooLarge');
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || status === 415) {
    return new AppError('unsupportedMediaType');
  }
  if (status === 429) return new AppError('tooManyRequests');
  if (status >= 400 && status < 500) {
    return new AppError(status === 404 ? 'notFound' : 'badRequest');
  }
  return null;
}
