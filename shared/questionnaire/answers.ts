/**
 * The rules of a consult questionnaire's answers, shared so that the UI checks an answer
 * exactly as the server does before it is sent.
 */

export const questionKinds = [
  'single',
  'multi',
  'text',
  'number',
  'height',
  'weight',
  'medications',
] as const;
export type QuestionKind = (typeof questionKinds)[number];

export const MAX_TEXT_ANSWER_LENGTH = 1000;
export const MAX_MEDICATIONS = 30;
export const MAX_MEDICATION_NAME_LENGTH = 100;

export interface QuestionOptionDefinition {
  readonly value: string;
  readonly label: string;
  /** Choosing it ends the consult on /disqualified. */
  readonly disqualifies?: boolean | undefined;
}

export interface QuestionDefinition {
  readonly code: string;
  readonly kind: QuestionKind;
  readonly options: readonly QuestionOptionDefinition[];
  readonly required: boolean;
  /** Bounds of number, height and weight answers (inclusive), when set. */
  readonly min: number | null;
  readonly max: number | null;
}

/** What is stored for an answer: a choice, a list of choices or names, a number or text. */
export type AnswerValue = string | number | string[];

export type AnswerErrorKey = 'questionRequiredError' | 'answerInvalidError';

/** `value: null` means "not answered" (allowed only for a question that is not required). */
export type AnswerCheck =
  | { readonly ok: true; readonly value: AnswerValue | null }
  | { readonly ok: false; readonly errorKey: AnswerErrorKey };

/** The unit a measured answer is given in. */
export function unitOf(kind: QuestionKind): 'in' | 'lb' | null {
  if (kind === 'height') return 'in';
  if (kind === 'weight') return 'lb';
  return null;
}

const characters = (value: string): number => [...value].length;
const numericText = /^[0-9]{1,5}(\.[0-9]{1,2})?$/;

const invalid: AnswerCheck = { ok: false, errorKey: 'answerInvalidError' };

function unanswered(question: QuestionDefinition): AnswerCheck {
  return question.required
    ? { ok: false, errorKey: 'questionRequiredError' }
    : { ok: true, value: null };
}

function numberOf(raw: unknown): number | null {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  if (typeof raw === 'string' && numericText.test(raw.trim())) return Number(raw.trim());
  return null;
}

function isOption(question: QuestionDefinition, value: unknown): value is string {
  return typeof value === 'string' && question.options.some((o) => o.value === value);
}

/** Checks one answer against its question and returns the value to store, normalised. */
export function checkAnswer(question: QuestionDefinition, raw: unknown): AnswerCheck {
  if (raw === null || raw === undefined) return unanswered(question);
  switch (question.kind) {
    case 'single':
      if (raw === '') return unanswered(question);
      return isOption(question, raw) ? { ok: true, value: raw } : invalid;
    case 'multi': {
      if (!Array.isArray(raw)) return invalid;
      if (raw.length === 0) return unanswered(question);
      if (!raw.every((v) => isOption(question, v))) return invalid;
      if (new Set(raw).size !== raw.length) return invalid;
      return { ok: true, value: [...(raw as string[])] };
    }
    case 'text': {
      if (typeof raw !== 'string') return invalid;
      const text = raw.trim();
      if (text === '') return unanswered(question);
      return characters(text) <= MAX_TEXT_ANSWER_LENGTH ? { ok: true, value: text } : invalid;
    }
    case 'number':
    case 'height':
    case 'weight': {
      if (raw === '') return unanswered(question);
      const value = numberOf(raw);
      if (value === null || value < 0) return invalid;
      if (question.min !== null && value < question.min) return invalid;
      if (question.max !== null && value > question.max) return invalid;
      return { ok: true, value };
    }
    case 'medications': {
      const names = medicationList(raw);
      return names === null ? invalid : { ok: true, value: names };
    }
  }
}

/**
 * A medication list as kept (the questionnaire's answer and the account's "my medications"):
 * names with their spaces tidied, each once whatever its case, at most MAX_MEDICATIONS. An
 * empty list is an answer: "I'm not taking any medication". Null when it is not a list.
 */
export function medicationList(raw: unknown): string[] | null {
  if (!Array.isArray(raw) || raw.length > MAX_MEDICATIONS) return null;
  const names: string[] = [];
  const seen = new Set<string>();
  for (const entry of raw) {
    if (typeof entry !== 'string') return null;
    const name = entry.trim().replace(/\s+/g, ' ');
    if (name === '' || characters(name) > MAX_MEDICATION_NAME_LENGTH) return null;
    const key = name.toLowerCase();
    if (seen.has(key)) continue;
    seen.add(key);
    names.push(name);
  }
  return names;
}

/** Whether a (stored) answer picks an option that ends the consult. */
export function isDisqualifyingAnswer(question: QuestionDefinition, value: unknown): boolean {
  if (question.kind !== 'single' && question.kind !== 'multi') return false;
  const chosen = Array.isArray(value) ? value : [value];
  return question.options.some((o) => o.disqualifies === true && chosen.includes(o.value));
}
