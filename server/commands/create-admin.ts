import { z } from 'zod';
import { fail } from '../../shared/errors/app-error';
import { validationMessages } from '../../shared/errors/messages';
import { email, firstName, lastName, password } from '../../shared/validation/rules';
import { validateForm } from '../../shared/validation/validate-form';
import type { AppConfig } from '../config';
import type { Database } from '../db/client';
import { users } from '../db/schema/identity';
import { hashPassword } from '../lib/passwords';
import { writeSystemAudit } from '../modules/audit/audit-service';
import { findUserByEmail, isUniqueViolation } from '../modules/users/user-queries';

/** The first admin's details; the password follows the spec's registration rule (§5). */
const adminForm = z.object({ email, password, firstName, lastName });

export type CreateAdminInput = z.input<typeof adminForm>;

export interface CreatedAdmin {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

export const adminExistsMessage = 'An account with this email already exists.';

/**
 * Creates an admin account in the configured storefront: validated like a registration,
 * refused when the email is taken (whatever that account's role), hashed with argon2id, and
 * audited as done by the system. Throws an AppError (400 with field keys, 409) when refused.
 */
export async function createAdmin(
  database: Database,
  config: AppConfig,
  input: CreateAdminInput,
): Promise<CreatedAdmin> {
  const form = validateForm(adminForm, input);
  if (!form.ok) {
    const firstKey = Object.values(form.errors)[0];
    throw fail.badRequest(firstKey ? validationMessages[firstKey] : undefined, form.errors);
  }
  const data = form.data;
  if (await findUserByEmail(database.db, data.email)) throw fail.conflict(adminExistsMessage);

  const passwordHash = await hashPassword(data.password);
  try {
    return await database.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          email: data.email,
          passwordHash,
          firstName: data.firstName,
          lastName: data.lastName,
          role: 'admin',
          storefrontId: config.storefrontId,
          signupSource: 'staff',
          passwordUpdatedAt: new Date(),
        })
        .returning({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          lastName: users.lastName,
        });
      if (!row) throw new Error('users insert returned no row');
      await writeSystemAudit(tx, {
        action: 'admin.created',
        outcome: 'success',
        subject: row.id,
        detail: { via: 'admin:create' },
      });
      return row;
    });
  } catch (error) {
    // Someone took the email between the check and the insert.
    if (isUniqueViolation(error)) throw fail.conflict(adminExistsMessage);
    throw error;
  }
}
