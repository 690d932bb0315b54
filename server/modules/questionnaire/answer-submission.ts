import {
  type AnswerErrorKey,
  type AnswerValue,
  checkAnswer,
  isDisqualifyingAnswer,
  type QuestionDefinition,
} from '../../../shared/questionnaire/answers';
import { bmiOf } from '../../../shared/questionnaire/bmi';

export interface SubmittedAnswer {
  code: string;
  value: unknown;
}

export interface CheckedSubmission {
  /** Code -> value to store, or null to forget a saved answer. */
  changes: Map<string, AnswerValue | null>;
  /** The answers once the changes are applied. */
  merged: Map<string, unknown>;
  /** Field -> error key: question codes, or `answers` for a code the questionnaire lacks. */
  errors: Record<string, AnswerErrorKey>;
}

/**
 * Checks a submission against the questionnaire: each answer by its question's rules, no code
 * twice, and, with the answers saved before, every required question answered.
 */
export function checkSubmission(
  questions: readonly QuestionDefinition[],
  saved: ReadonlyMap<string, unknown>,
  answers: readonly SubmittedAnswer[],
): CheckedSubmission {
  const byCode = new Map(questions.map((q) => [q.code, q]));
  const changes = new Map<string, AnswerValue | null>();
  const errors: Record<string, AnswerErrorKey> = {};
  for (const answer of answers) {
    const question = byCode.get(answer.code);
    // Only our own question codes become keys of `errors`, never the caller's text.
    if (!question) {
      errors.answers = 'answerInvalidError';
      continue;
    }
    if (changes.has(question.code)) {
      errors[question.code] = 'answerInvalidError';
      continue;
    }
    const checked = checkAnswer(question, answer.value);
    if (checked.ok) changes.set(question.code, checked.value);
    else errors[question.code] = checked.errorKey;
  }
  const merged = new Map(saved);
  for (const [code, value] of changes) {
    if (value === null) merged.delete(code);
    else merged.set(code, value);
  }
  for (const question of questions) {
    if (question.required && !merged.has(question.code)) {
      errors[question.code] ??= 'questionRequiredError';
    }
  }
  return { changes, merged, errors };
}

export function hasDisqualifyingAnswer(
  questions: readonly QuestionDefinition[],
  answers: ReadonlyMap<string, unknown>,
): boolean {
  return questions.some(
    (q) => answers.has(q.code) && isDisqualifyingAnswer(q, answers.get(q.code)),
  );
}

/** BMI from the questionnaire's height and weight answers, when it asks both. */
export function bmiOfAnswers(
  questions: readonly QuestionDefinition[],
  answers: ReadonlyMap<string, unknown>,
): number | null {
  const height = questions.find((q) => q.kind === 'height');
  const weight = questions.find((q) => q.kind === 'weight');
  if (!height || !weight) return null;
  const inches = answers.get(height.code);
  const pounds = answers.get(weight.code);
  if (typeof inches !== 'number' || typeof pounds !== 'number') return null;
  return bmiOf(inches, pounds);
}
