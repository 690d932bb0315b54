/**
 * The consult questionnaire of one product (spec §2 /checkout/questionnaire/1), with the BMI
 * from height and weight unless the storefront hides it (HideBMI).
 *
 * Props: `questionnaire` (one item of QuestionnaireData: productId, displayName, questions with
 * their saved answers), `hideBmi`, `onSubmit(answers)` called only with answers that pass the
 * same checks as the server (shared/questionnaire/answers), `serverErrors` (question code ->
 * error key, from a refused submission), `formError` (a message for the whole form),
 * `submitting`, `submitLabel`, `searchMedications(term)`. Presentational: no fetching, no router.
 */
import './questionnaire.css';
import { Alert, Button } from 'antd';
import { type FormEvent, useMemo, useState } from 'react';
import type { QuestionData } from '../../../shared/contracts/questionnaire';
import { validationMessages } from '../../../shared/errors/messages';
import { type AnswerValue, checkAnswer } from '../../../shared/questionnaire/answers';
import { bmiOf } from '../../../shared/questionnaire/bmi';
import { isValidationErrorKey } from '../../../shared/validation/validate-form';
import { QuestionField } from './question-field';

export interface ItemQuestionnaire {
  productId: number;
  displayName: string;
  questions: QuestionData[];
}

export interface SubmittedAnswer {
  code: string;
  value: AnswerValue | null;
}

export interface QuestionnaireFormProps {
  questionnaire: ItemQuestionnaire;
  hideBmi: boolean;
  onSubmit: (answers: SubmittedAnswer[]) => void;
  serverErrors?: Record<string, string> | undefined;
  formError?: string | null | undefined;
  submitting?: boolean | undefined;
  submitLabel?: string | undefined;
  searchMedications: (term: string) => Promise<string[]>;
}

type Draft = Record<string, unknown>;

function initialDraft(questions: readonly QuestionData[]): Draft {
  return Object.fromEntries(
    questions.map((q) => [q.code, q.answer === null ? undefined : q.answer]),
  );
}

/** The BMI from the draft's height and weight answers, or null when one is missing. */
export function draftBmi(questions: readonly QuestionData[], draft: Draft): number | null {
  const height = questions.find((q) => q.kind === 'height');
  const weight = questions.find((q) => q.kind === 'weight');
  if (!height || !weight) return null;
  const h = draft[height.code];
  const w = draft[weight.code];
  return typeof h === 'number' && typeof w === 'number' ? bmiOf(h, w) : null;
}

export function QuestionnaireForm(props: QuestionnaireFormProps) {
  const { questionnaire, hideBmi, submitting } = props;
  const { questions } = questionnaire;
  const [draft, setDraft] = useState<Draft>(() => initialDraft(questions));
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const [touchedSinceServer, setTouched] = useState<Set<string>>(new Set());

  const bmi = useMemo(
    () => (hideBmi ? null : draftBmi(questions, draft)),
    [hideBmi, questions, draft],
  );

  const errorOf = (code: string): string | undefined => {
    if (localErrors[code]) return localErrors[code];
    const key = touchedSinceServer.has(code) ? undefined : props.serverErrors?.[code];
    return key && isValidationErrorKey(key) ? validationMessages[key] : undefined;
  };

  const change = (code: string, value: unknown) => {
    setDraft((current) => ({ ...current, [code]: value }));
    setLocalErrors(({ [code]: _cleared, ...rest }) => rest);
    setTouched((current) => new Set(current).add(code));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const errors: Record<string, string> = {};
    const answers: SubmittedAnswer[] = [];
    for (const question of questions) {
      const checked = checkAnswer(question, draft[question.code]);
      if (checked.ok) answers.push({ code: question.code, value: checked.value });
      else errors[question.code] = validationMessages[checked.errorKey];
    }
    setLocalErrors(errors);
    setTouched(new Set());
    const first = Object.keys(errors)[0];
    if (first !== undefined) {
      focusQuestion(first);
      return;
    }
    props.onSubmit(answers);
  };

  return (
    <form className="questionnaire-form" onSubmit={submit} noValidate>
      {props.formError ? (
        <Alert type="error" showIcon title={props.formError} className="form-alert" />
      ) : null}
      {questions.map((question) => (
        <QuestionField
          key={question.code}
          question={question}
          value={draft[question.code]}
          onChange={(value) => change(question.code, value)}
          error={errorOf(question.code)}
          searchMedications={props.searchMedications}
          disabled={submitting}
        />
      ))}
      {bmi !== null ? (
        <output className="questionnaire-bmi" aria-live="polite">
          Your BMI: <strong>{bmi.toFixed(1)}</strong>
        </output>
      ) : null}
      <Button type="primary" htmlType="submit" size="large" loading={submitting} block>
        {props.submitLabel ?? 'CONTINUE'}
      </Button>
    </form>
  );
}

function focusQuestion(code: string) {
  const root = document.querySelector(`[data-question="${CSS.escape(code)}"]`);
  const target = root?.querySelector<HTMLElement>('input, textarea, select, button');
  target?.focus();
  root?.scrollIntoView?.({ block: 'center' });
}
