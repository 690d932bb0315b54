import { asc, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { questions } from '../../db/schema/catalog';
import { questionnaireAnswers } from '../../db/schema/orders';

export type QuestionRow = typeof questions.$inferSelect;

/** The questions of each questionnaire, in order. */
export async function questionsByKey(
  db: DbOrTx,
  keys: readonly (string | null)[],
): Promise<Map<string, QuestionRow[]>> {
  const wanted = [...new Set(keys.filter((k): k is string => k !== null))];
  const byKey = new Map<string, QuestionRow[]>(wanted.map((key) => [key, []]));
  if (wanted.length === 0) return byKey;
  const rows = await db
    .select()
    .from(questions)
    .where(inArray(questions.questionnaireKey, wanted))
    .orderBy(asc(questions.questionnaireKey), asc(questions.ordinal), asc(questions.id));
  for (const row of rows) byKey.get(row.questionnaireKey)?.push(row);
  return byKey;
}

/** Saved answers of order items: item id -> question code -> answer. */
export async function answersByItem(
  db: DbOrTx,
  orderItemIds: readonly string[],
): Promise<Map<string, Map<string, unknown>>> {
  const byItem = new Map<string, Map<string, unknown>>(orderItemIds.map((id) => [id, new Map()]));
  if (orderItemIds.length === 0) return byItem;
  const rows = await db
    .select()
    .from(questionnaireAnswers)
    .where(inArray(questionnaireAnswers.orderItemId, [...orderItemIds]));
  for (const row of rows) byItem.get(row.orderItemId)?.set(row.questionCode, row.answer);
  return byItem;
}
