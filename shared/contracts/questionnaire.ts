import { z } from 'zod';
import { questionKinds } from '../questionnaire/answers';
import { MAX_PRODUCT_ID } from './catalog';

/**
 * The consult questionnaire (ours; spec §2 /checkout/questionnaire/1, §3 HideBMI): GET and POST
 * Questionnaire under the order base, for a patient's order or a guest's own guest order.
 */

/** Long enough for a UUID and a little slack; the service answers 404 for anything else. */
const orderIdText = z.string().max(64);

/** GET Questionnaire?orderId= */
export const questionnaireQuery = z.object({ orderId: orderIdText }).strict();

export const questionOptionData = z.object({ value: z.string(), label: z.string() });

/**
 * A question with the caller's saved answer. Which options disqualify is not sent: the
 * patient answers honestly, not towards a result.
 */
export const questionData = z.object({
  code: z.string(),
  text: z.string(),
  kind: z.enum(questionKinds),
  options: z.array(questionOptionData),
  required: z.boolean(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  /** 'in' for height, 'lb' for weight. */
  unit: z.enum(['in', 'lb']).nullable(),
  answer: z.union([z.string(), z.number(), z.array(z.string())]).nullable(),
});
export type QuestionData = z.infer<typeof questionData>;

/** One consult item of the order and its questionnaire. */
export const itemQuestionnaireData = z.object({
  orderItemId: z.string().uuid(),
  productId: z.number().int(),
  displayName: z.string(),
  questionnaireKey: z.string().nullable(),
  /** Whether the item's Consult stage is complete. */
  completed: z.boolean(),
  /** From the saved height and weight; null when unknown or when the storefront hides BMI. */
  bmi: z.number().nullable(),
  questions: z.array(questionData),
});

export const questionnaireData = z.object({
  orderId: z.string().uuid(),
  status: z.string(),
  /** The storefront's HideBMI setting. */
  hideBmi: z.boolean(),
  items: z.array(itemQuestionnaireData),
});
export type QuestionnaireData = z.infer<typeof questionnaireData>;

/** Answer values as sent: coarse bounds here, each question's own rules in the service. */
export const answerInput = z
  .object({
    code: z.string().min(1).max(64),
    value: z.union([
      z.string().max(2000),
      z.number(),
      z.array(z.string().max(200)).max(50),
      z.null(),
    ]),
  })
  .strict();

const productIdJson = z.union([
  z.number().int().positive().max(MAX_PRODUCT_ID),
  z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/)
    .transform(Number)
    .pipe(z.number().int().positive().max(MAX_PRODUCT_ID)),
]);

/** POST Questionnaire: the answers for one consult product of the order. */
export const saveAnswersRequest = z
  .object({
    orderId: orderIdText,
    productId: productIdJson,
    answers: z.array(answerInput).max(60),
  })
  .strict();
export type SaveAnswersRequest = z.infer<typeof saveAnswersRequest>;

export const saveAnswersData = z.object({
  disqualified: z.boolean(),
  /** Null when the questionnaire has no height and weight, or the storefront hides BMI. */
  bmi: z.number().nullable(),
  /** '/disqualified', or the route of the order's next pending stage. */
  redirectTo: z.string(),
});
export type SaveAnswersData = z.infer<typeof saveAnswersData>;
