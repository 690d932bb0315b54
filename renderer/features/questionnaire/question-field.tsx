/**
 * One consult question as a form field, chosen by its kind.
 *
 * Props: `question` (QuestionData of shared/contracts/questionnaire), `value` (the answer being
 * edited: a string, a number, a list of strings, or undefined), `onChange(value)`, `error` (the
 * message to show on the field, already worded) and `searchMedications(term)` for the
 * medications kind. Presentational: it fetches nothing.
 */
import { Checkbox, Input, InputNumber, Radio } from 'antd';
import type { ReactNode } from 'react';
import type { QuestionData } from '../../../shared/contracts/questionnaire';
import { MedicationsField } from './medications-field';

export interface QuestionFieldProps {
  question: QuestionData;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string | undefined;
  searchMedications: (term: string) => Promise<string[]>;
  disabled?: boolean;
}

const unitLabel = { in: 'inches', lb: 'pounds' } as const;

export function QuestionField(props: QuestionFieldProps) {
  const { question, error } = props;
  const id = `question-${question.code}`;
  const errorId = `${id}-error`;
  const grouped = ['single', 'multi', 'medications'].includes(question.kind);
  const label = (
    <>
      {question.text}
      {question.required ? null : <span className="question-optional"> (optional)</span>}
    </>
  );
  return (
    <div className={`question-field${error ? ' has-error' : ''}`} data-question={question.code}>
      {grouped ? (
        <fieldset className="question-fieldset" aria-describedby={error ? errorId : undefined}>
          <legend className="question-label">{label}</legend>
          {renderInput(props, id, errorId)}
        </fieldset>
      ) : (
        <>
          <label className="question-label" htmlFor={id}>
            {label}
          </label>
          {renderInput(props, id, errorId)}
        </>
      )}
      {error ? (
        <div id={errorId} className="question-error" role="alert">
          {error}
        </div>
      ) : null}
    </div>
  );
}

function renderInput(props: QuestionFieldProps, id: string, errorId: string): ReactNode {
  const { question, value, onChange, error, disabled } = props;
  const status = error ? 'error' : undefined;
  const describedBy = error ? errorId : undefined;
  switch (question.kind) {
    case 'single':
      return (
        <Radio.Group
          value={typeof value === 'string' ? value : undefined}
          onChange={(event) => onChange(event.target.value)}
          disabled={disabled}
          className="question-options"
        >
          {question.options.map((option) => (
            <Radio key={option.value} value={option.value}>
              {option.label}
            </Radio>
          ))}
        </Radio.Group>
      );
    case 'multi':
      return (
        <Checkbox.Group
          value={Array.isArray(value) ? (value as string[]) : []}
          onChange={(checked) => onChange(exclusiveNone(checked as string[], value))}
          disabled={disabled}
          className="question-options"
          options={question.options.map((option) => ({
            label: option.label,
            value: option.value,
          }))}
        />
      );
    case 'text':
      return (
        <Input.TextArea
          id={id}
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
          autoSize={{ minRows: 2, maxRows: 6 }}
          maxLength={1000}
          status={status}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
          disabled={disabled}
        />
      );
    case 'number':
    case 'height':
    case 'weight':
      return (
        <InputNumber
          id={id}
          value={typeof value === 'number' ? value : null}
          onChange={(next) => onChange(next ?? undefined)}
          min={question.min ?? 0}
          max={question.max ?? undefined}
          inputMode="decimal"
          suffix={question.unit ? unitLabel[question.unit] : undefined}
          status={status}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy}
          disabled={disabled}
          style={{ width: 200, maxWidth: '100%' }}
        />
      );
    case 'medications':
      return (
        <MedicationsField
          id={id}
          value={Array.isArray(value) ? (value as string[]) : undefined}
          onChange={onChange}
          searchMedications={props.searchMedications}
          invalid={Boolean(error)}
          disabled={disabled}
        />
      );
  }
}

/** "None of these" excludes every other choice, and choosing another clears it. */
function exclusiveNone(checked: string[], previous: unknown): string[] {
  const before = Array.isArray(previous) ? (previous as string[]) : [];
  const addedNone = checked.includes('none') && !before.includes('none');
  if (addedNone) return ['none'];
  return checked.length > 1 ? checked.filter((v) => v !== 'none') : checked;
}
