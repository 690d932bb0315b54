import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { TokenData } from '../../../shared/contracts/auth';
import type {
  EcpInviteData,
  EcpInviteRequest,
  IntakeListData,
  IntakeListQuery,
  RegisterIntakeRequest,
  ValidateIntakeData,
} from '../../../shared/contracts/registration';
import { fail } from '../../../shared/errors/app-error';
import { messages, validationMessages } from '../../../shared/errors/messages';
import type { Db, DbOrTx } from '../../db/client';
import { users } from '../../db/schema/identity';
import type { Notifier } from '../../integrations/notifier/notifier';
import { hashPassword } from '../../lib/passwords';
import { newToken } from '../../lib/secrets';
import { writeAudit } from '../audit/audit-service';
import type { RequestContext } from '../auth/request-context';
import { completeSignIn } from '../auth/sign-in';
import { findUserById, type UserRow } from '../users/user-queries';
import { resolveAttribution } from './attribution';
import { effectiveIntakeStatus } from './intake-status';
import { maskEmail } from './mask-email';
import {
  assertEmailFree,
  insertUser,
  inTransactionOrConflict,
  normalizeEmail,
} from './new-patient';

const inviteAction = 'intake.invite';
/** How long an invitation link works. */
export const invitationValidDays = 30;
const registerAction = 'auth.register.ecp-intake';

export interface StaffCaller {
  userId: string;
  role: 'ecp' | 'admin';
}

/** The invitation link of spec §6/§7: the register page carrying the peopleId. */
export function invitationLink(publicUrl: string, peopleId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/register?peopleId=${encodeURIComponent(peopleId)}`;
}

/**
 * An ECP registers a patient (spec §6 "ECP: registers through a separate intake path"): a
 * patient account without a password, owned by the ECP, and an emailed invitation to finish
 * registering. The email is sent after the commit; a delivery failure does not undo the
 * account (the message stays in the outbox) and is reported as invitationSent: false.
 */
export async function invitePatient(
  deps: { db: Db; notifier: Notifier; publicUrl: string },
  context: RequestContext,
  ecpId: string,
  input: EcpInviteRequest,
): Promise<EcpInviteData> {
  const ecp = await findUserById(deps.db, ecpId);
  if (!ecp) throw fail.unauthorized();
  return inviteAs(deps, context, ecp, input);
}

/**
 * One invitation by a known ECP: the single invite above and each row of a CSV import (which
 * looks the ECP up once). The account and its audit entry are one transaction.
 */
export async function inviteAs(
  deps: { db: Db; notifier: Notifier; publicUrl: string },
  context: RequestContext,
  ecp: UserRow,
  input: EcpInviteRequest,
): Promise<EcpInviteData> {
  const { db } = deps;
  const email = normalizeEmail(input.email);
  await assertEmailFree(db, context, email, inviteAction);
  const peopleId = newToken();

  const patient = await inTransactionOrConflict(db, context, inviteAction, async (tx) => {
    const row = await insertUser(tx, {
      email,
      emailVerifiedAt: null, // proven when the invitation sent to it is used
      passwordHash: null,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phoneNumber,
      dateOfBirth: input.dateOfBirth || null,
      role: 'patient',
      storefrontId: ecp.storefrontId,
      registeredByEcpId: ecp.id,
      intakePeopleId: peopleId,
      intakeStatus: 'invited',
      intakeExpiresAt: new Date(Date.now() + invitationValidDays * 86_400_000),
      signupSource: 'ecp-intake',
    });
    await writeAudit(tx, context, { action: inviteAction, outcome: 'success', subject: row.id });
    return row;
  });

  let invitationSent = true;
  try {
    await deps.notifier.send({
      channel: 'email',
      to: patient.email,
      subject: 'You are invited to create your account',
      body: invitationBody(patient, ecp, invitationLink(deps.publicUrl, peopleId)),
    });
  } catch (error) {
    invitationSent = false;
    context.log?.warn({ err: error, patientId: patient.id }, 'intake invitation not delivered');
  }
  return { patientId: patient.id, peopleId, status: 'invited', invitationSent };
}

function invitationBody(patient: UserRow, ecp: UserRow, link: string): string {
  return [
    `Hello ${patient.firstName},`,
    '',
    `${ecp.firstName} ${ecp.lastName}, your eye care professional, has registered you with us.`,
    'To finish creating your account, open this link and choose a password:',
    '',
    link,
    '',
    'If you did not expect this message, you can ignore it.',
  ].join('\n');
}

/**
 * The invited patient a peopleId names, while the invitation can still be used. A peopleId
 * nobody was sent is 404 (a guess learns nothing); the holder of a real invitation is told
 * why it no longer works (410): used, or expired.
 */
async function pendingInvitation(db: DbOrTx, peopleId: string, now = new Date()) {
  const [invited] = await db
    .select()
    .from(users)
    .where(
      and(eq(users.intakePeopleId, peopleId), eq(users.role, 'patient'), isNull(users.disabledAt)),
    )
    .limit(1);
  if (!invited) throw fail.notFound(messages.invitationNotFound);
  if (invited.intakeStatus !== 'invited') throw fail.gone(messages.invitationUsed);
  if (invited.intakeExpiresAt && invited.intakeExpiresAt <= now) {
    throw fail.gone(messages.invitationExpired);
  }
  return invited;
}

/** GET ValidateIntakeByPeopleId: who the invitation is for, with the email masked. */
export async function validateInvitation(db: Db, peopleId: string): Promise<ValidateIntakeData> {
  const invited = await pendingInvitation(db, peopleId);
  return {
    firstName: invited.firstName,
    lastName: invited.lastName,
    email: maskEmail(invited.email),
    status: 'invited',
  };
}

/**
 * POST RegisterIntakeByEmail: the invited patient proves the address the ECP entered, sets a
 * password and is signed in. The invitation is used once: the update only matches while it is
 * still 'invited', so of two concurrent calls one signs in and the other gets 404.
 */
export async function completeInvitation(
  db: Db,
  context: RequestContext,
  input: RegisterIntakeRequest,
): Promise<TokenData> {
  const invited = await pendingInvitation(db, input.PeopleId);
  if (invited.storefrontId !== input.CompanyId) throw fail.notFound(messages.invitationNotFound);
  if (normalizeEmail(input.Email) !== normalizeEmail(invited.email)) {
    await writeAudit(db, context, {
      action: registerAction,
      outcome: 'failure',
      subject: invited.id,
      detail: { reason: 'email-mismatch' },
    });
    throw fail.badRequest(validationMessages.intakeEmailError, { Email: 'intakeEmailError' });
  }
  const attribution = await resolveAttribution(db, input);
  const passwordHash = await hashPassword(input.Password);

  return db.transaction(async (tx) => {
    const now = new Date();
    const [user] = await tx
      .update(users)
      .set({
        passwordHash,
        passwordUpdatedAt: now,
        // The invitation link went to this address: its owner is the one using it.
        emailVerifiedAt: now,
        intakeStatus: 'registered',
        ...(input.FirstName ? { firstName: input.FirstName } : {}),
        ...(input.LastName ? { lastName: input.LastName } : {}),
        ...(input.PhoneNo ? { phone: input.PhoneNo } : {}),
        ...(attribution.landingPage ? { landingPage: attribution.landingPage } : {}),
        ...(attribution.redirectPage ? { redirectPage: attribution.redirectPage } : {}),
        updatedAt: now,
      })
      .where(and(eq(users.id, invited.id), eq(users.intakeStatus, 'invited')))
      .returning();
    if (!user) throw fail.gone(messages.invitationUsed);
    await writeAudit(tx, context, {
      action: registerAction,
      outcome: 'success',
      actorId: user.id,
      actorRole: user.role,
      subject: user.id,
      detail: { storefrontId: user.storefrontId, registeredByEcpId: user.registeredByEcpId },
    });
    return completeSignIn(tx, context, user, 'registration', { guestOrderId: input.guestOrderId });
  });
}

/**
 * The intake patients a caller may see: an ECP only the patients they registered (DESIGN §6),
 * an admin every intake patient. Newest first, keyset paged on (createdAt, id): the cursor is
 * the last patient id of the previous page, looked up within the same scope, so another ECP's
 * patient id as a cursor gives an empty page, never a glimpse of their list.
 */
export async function listIntakePatients(
  db: Db,
  context: RequestContext,
  caller: StaffCaller,
  query: IntakeListQuery,
): Promise<IntakeListData> {
  const cursorRow = alias(users, 'cursor_user');
  const scope = (registeredBy: AnyPgColumn) =>
    caller.role === 'admin' ? isNotNull(registeredBy) : eq(registeredBy, caller.userId);
  const conditions = [scope(users.registeredByEcpId), eq(users.role, 'patient')];
  if (query.after) {
    const cursor = db
      .select({ createdAt: cursorRow.createdAt, id: cursorRow.id })
      .from(cursorRow)
      .where(and(eq(cursorRow.id, query.after), scope(cursorRow.registeredByEcpId)));
    conditions.push(sql`(${users.createdAt}, ${users.id}) < (${cursor})`);
  }
  const rows = await db
    .select({
      patientId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      status: effectiveIntakeStatus(),
    })
    .from(users)
    .where(and(...conditions))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  await writeAudit(db, context, {
    action: 'intake.list',
    outcome: 'success',
    detail: { count: page.length, after: query.after ?? null },
  });
  return {
    items: page.map((row) => ({ ...row, status: row.status ?? 'invited' })),
    nextCursor: rows.length > query.limit && last ? last.patientId : null,
  };
}
