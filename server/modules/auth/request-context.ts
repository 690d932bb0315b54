import type { FastifyRequest } from 'fastify';
import { fail } from '../../../shared/errors/app-error';
import type { Principal } from './principal';
import type { TokenRow } from './token-service';

/**
 * What a service needs to know of the request it serves: who asks, from where, under which
 * request id. Routes make it from the HTTP request (`contextOf`); jobs make their own
 * (`jobContext`), so a job's writes are audited like a person's. Services never see Fastify.
 */
export interface RequestContext {
  principal: Principal;
  /** The client's address as the proxy settings resolve it; null for a job. */
  ip: string | null;
  requestId: string | null;
  /** The job acting, when no person is (audited with the role `system`). */
  job?: string;
  /** Where the service logs what the caller cannot see (the request's or the job's logger). */
  log?: ContextLog;
}

export interface ContextLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/**
 * A caller whose bearer token is checked in the statement that reads their data, rather than
 * in a statement of its own before the route (routes with `tokenCheckedByRead`): the service
 * reads the token (by `tokenHash`, with `tokenWith`) beside the data, then hands the token
 * row to `admit`, which decides who asks exactly as every other route's sign-in does (a 401 for
 * an unknown, revoked, idle or expired token; a 403 for a role the route does not admit)
 * before anything read is used. Call `admit` outside a transaction: it may write (the token's
 * last use, an audit of a refusal) on the database's own connection.
 */
export interface SignInByRead {
  tokenHash: string;
  admit(token: TokenRow | null): Promise<RequestContext>;
}

export function contextOf(request: FastifyRequest): RequestContext {
  return { principal: request.principal, ip: request.ip, requestId: request.id, log: request.log };
}

/** The signed-in user asking (any role), for services behind a signed-in route. */
export function userOf(context: RequestContext): Extract<Principal, { kind: 'user' }> {
  if (context.principal.kind !== 'user') throw fail.unauthorized();
  return context.principal;
}

/** The patient asking, for services only patients use (their routes admit only patients). */
export function patientOf(context: RequestContext): string {
  const { principal } = context;
  if (principal.kind !== 'user' || principal.role !== 'patient') throw fail.forbidden();
  return principal.userId;
}

/** The context of a scheduled job: no caller, no address; the job names itself. */
export function jobContext(job: string, principal?: Principal, log?: ContextLog): RequestContext {
  return {
    principal: principal ?? { kind: 'anonymous', apiKey: false },
    ip: null,
    requestId: null,
    job,
    log,
  };
}
