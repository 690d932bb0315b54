import type { AppConfig } from '../../config';
import type { DbOrTx } from '../client';
import { questions } from '../schema/catalog';
import { questionnaireDefinitions } from './questionnaire-data';

/** The consult questionnaires; idempotent (a question already there is kept). */
export async function seedQuestionnaires(db: DbOrTx, _config: AppConfig) {
  const rows = Object.entries(questionnaireDefinitions).flatMap(([questionnaireKey, list]) =>
    list.map((question, index) => ({
      questionnaireKey,
      ordinal: index + 1,
      code: question.code,
      text: question.text,
      kind: question.kind,
      options: question.options ?? [],
      required: question.required ?? true,
      min: question.min ?? null,
      max: question.max ?? null,
    })),
  );
  await db.insert(questions).values(rows).onConflictDoNothing();
}
