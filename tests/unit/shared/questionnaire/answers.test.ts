import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkAnswer,
  isDisqualifyingAnswer,
  type QuestionDefinition,
  questionKinds,
} from '../../../../shared/questionnaire/answers';
import { bmiOf } from '../../../../shared/questionnaire/bmi';

const question = (over: Partial<QuestionDefinition>): QuestionDefinition => ({
  code: 'q',
  kind: 'single',
  options: [
    { value: 'yes', label: 'Yes', disqualifies: true },
    { value: 'no', label: 'No' },
  ],
  required: true,
  min: null,
  max: null,
  ...over,
});

describe('bmiOf', () => {
  it('is 703 × lb / in², rounded to one decimal', () => {
    expect(bmiOf(70, 200)).toBe(28.7);
    expect(bmiOf(64, 130)).toBe(22.3);
    expect(bmiOf(0, 200)).toBeNull();
    expect(bmiOf(70, Number.NaN)).toBeNull();
  });
});

describe('checkAnswer', () => {
  it('accepts an option of a single choice and refuses anything else', () => {
    expect(checkAnswer(question({}), 'no')).toEqual({ ok: true, value: 'no' });
    expect(checkAnswer(question({}), 'maybe')).toEqual({
      ok: false,
      errorKey: 'answerInvalidError',
    });
    expect(checkAnswer(question({}), null)).toEqual({
      ok: false,
      errorKey: 'questionRequiredError',
    });
    expect(checkAnswer(question({ required: false }), null)).toEqual({ ok: true, value: null });
  });

  it('bounds numbers and accepts numeric text', () => {
    const height = question({ kind: 'height', options: [], min: 48, max: 96 });
    expect(checkAnswer(height, 70)).toEqual({ ok: true, value: 70 });
    expect(checkAnswer(height, ' 70.5 ')).toEqual({ ok: true, value: 70.5 });
    expect(checkAnswer(height, 47)).toMatchObject({ ok: false });
    expect(checkAnswer(height, '1e2')).toMatchObject({ ok: false });
  });

  it('normalises medication lists: trimmed, without repeats; an empty list is an answer', () => {
    const meds = question({ kind: 'medications', options: [] });
    expect(checkAnswer(meds, [])).toEqual({ ok: true, value: [] });
    expect(checkAnswer(meds, [' Metformin ', 'metformin', 'Insulin  glargine'])).toEqual({
      ok: true,
      value: ['Metformin', 'Insulin glargine'],
    });
    expect(checkAnswer(meds, [''])).toMatchObject({ ok: false });
  });

  it('never throws, whatever the question kind and the value', () => {
    fc.assert(
      fc.property(fc.constantFrom(...questionKinds), fc.jsonValue(), (kind, value) => {
        const result = checkAnswer(question({ kind }), value);
        expect(typeof result.ok).toBe('boolean');
      }),
    );
  });
});

describe('isDisqualifyingAnswer', () => {
  it('is true when a chosen option disqualifies', () => {
    expect(isDisqualifyingAnswer(question({}), 'yes')).toBe(true);
    expect(isDisqualifyingAnswer(question({}), 'no')).toBe(false);
    expect(isDisqualifyingAnswer(question({ kind: 'multi' }), ['no', 'yes'])).toBe(true);
    expect(isDisqualifyingAnswer(question({ kind: 'text' }), 'yes')).toBe(false);
  });
});
