import { call } from './http';
import type { AppUnderTest } from './test-app';

interface Question {
  code: string;
  kind: string;
  options: { value: string }[];
  min: number | null;
  max: number | null;
}

/** Honest answers that qualify: "none"/"no" where offered, the middle of number ranges. */
export function qualifyingAnswers(questions: Question[]) {
  return questions.map((q) => {
    const values = q.options.map((o) => o.value);
    const safe =
      ['none', 'no', 'never', 'not-applicable'].find((v) => values.includes(v)) ?? values.at(-1);
    switch (q.kind) {
      case 'single':
        return { code: q.code, value: safe ?? '' };
      case 'multi':
        return { code: q.code, value: [safe ?? ''] };
      case 'medications':
        return { code: q.code, value: [] };
      case 'text':
        return { code: q.code, value: 'None' };
      default:
        return { code: q.code, value: Math.round(((q.min ?? 0) + (q.max ?? 100)) / 2) };
    }
  });
}

/** Answers every consult questionnaire of an order, as the patient (or guest) would. */
export async function answerQuestionnaires(t: AppUnderTest, token: string, orderId: string) {
  const res = await call(t.url, 'GET', `/api/order/Questionnaire?orderId=${orderId}`, { token });
  if (res.status !== 200)
    throw new Error(`questionnaire: ${res.status} ${JSON.stringify(res.body)}`);
  let last: unknown = null;
  for (const item of res.body.Data.items as { productId: number; questions: Question[] }[]) {
    const saved = await call(t.url, 'POST', '/api/order/Questionnaire', {
      token,
      json: { orderId, productId: item.productId, answers: qualifyingAnswers(item.questions) },
    });
    if (saved.status !== 200)
      throw new Error(`answers: ${saved.status} ${JSON.stringify(saved.body)}`);
    last = saved.body.Data;
  }
  return last as { disqualified: boolean; redirectTo: string };
}

export const californiaAddress = {
  fullName: 'Jane Doe',
  line1: '500 Castro St',
  city: 'Mountain View',
  state: 'CA',
  zip: '94041',
  phone: '6505550134',
};
