import { and, asc, count, eq } from 'drizzle-orm';
import {
  type CreateSavedViewRequest,
  MAX_SAVED_VIEWS,
  type SavedViewData,
  savedViewSettings,
} from '../../../shared/contracts/staff-orders';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import type { DbOrTx } from '../../db/client';
import { staffSavedViews } from '../../db/schema/staff';
import { isUuid } from '../orders/order-queries';
import { isUniqueViolation } from '../users/user-queries';

type ViewRow = typeof staffSavedViews.$inferSelect;

function viewData(row: ViewRow): SavedViewData {
  // Stored views were checked on the way in; one that no longer fits the contract shows empty.
  const view = savedViewSettings.safeParse(row.view);
  return {
    viewId: row.id,
    name: row.name,
    view: view.success ? view.data : {},
    createdAt: row.createdAt.toISOString(),
  };
}

/** The caller's own saved lookup views, by name (never another user's). */
export async function listSavedViews(db: DbOrTx, userId: string): Promise<SavedViewData[]> {
  const rows = await db
    .select()
    .from(staffSavedViews)
    .where(eq(staffSavedViews.userId, userId))
    .orderBy(asc(staffSavedViews.name), asc(staffSavedViews.id))
    .limit(MAX_SAVED_VIEWS);
  return rows.map(viewData);
}

export async function createSavedView(
  db: DbOrTx,
  userId: string,
  input: CreateSavedViewRequest,
): Promise<SavedViewData> {
  const [held] = await db
    .select({ n: count() })
    .from(staffSavedViews)
    .where(eq(staffSavedViews.userId, userId));
  if ((held?.n ?? 0) >= MAX_SAVED_VIEWS) throw fail.conflict(messages.tooManySavedViews);
  try {
    const [row] = await db
      .insert(staffSavedViews)
      .values({ userId, name: input.name, view: input.view })
      .returning();
    if (!row) throw fail.conflict();
    return viewData(row);
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw fail.conflict(messages.savedViewNameTaken, { name: 'savedViewNameTaken' });
    }
    throw error;
  }
}

/**
 * Deletes one of the caller's views (another user's view is "not found", 404) and answers the
 * views left.
 */
export async function deleteSavedView(
  db: DbOrTx,
  userId: string,
  viewId: string,
): Promise<SavedViewData[]> {
  if (!isUuid(viewId)) throw fail.notFound(messages.savedViewNotFound);
  const deleted = await db
    .delete(staffSavedViews)
    .where(and(eq(staffSavedViews.id, viewId), eq(staffSavedViews.userId, userId)))
    .returning({ id: staffSavedViews.id });
  if (deleted.length === 0) throw fail.notFound(messages.savedViewNotFound);
  return listSavedViews(db, userId);
}
