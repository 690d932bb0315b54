import { and, eq, inArray, sql } from 'drizzle-orm';
import { routes } from '../../../shared/checkout/routes';
import { StageBit } from '../../../shared/checkout/stage-bits';
import type {
  QuestionData,
  QuestionnaireData,
  SaveAnswersData,
  SaveAnswersRequest,
} from '../../../shared/contracts/questionnaire';
import { fail } from '../../../shared/errors/app-error';
import { messages } from '../../../shared/errors/messages';
import { unitOf } from '../../../shared/questionnaire/answers';
import { orderItems, questionnaireAnswers } from '../../db/schema/orders';
import type { AppDeps } from '../../deps';
import type { Principal } from '../auth/principal';
import { storefrontProducts } from '../catalog/product-cache';
import { cachedStorefrontSettings } from '../config/storefront-cache';
import { assertOpen, orderForCaller } from '../orders/order-access';
import { priceOrder } from '../orders/order-pricing';
import { orderItemsOf } from '../orders/order-queries';
import { firstRouteOfOrder, warmStorefrontCaches } from '../orders/order-route';
import { markStageComplete } from '../orders/order-stages';
import { moveStatus } from '../orders/order-status';
import { keepMedications, savedMedications } from '../profile/medications';
import { bmiOfAnswers, checkSubmission, hasDisqualifyingAnswer } from './answer-submission';
import { answersByItem, type QuestionRow, questionsByKey } from './question-queries';

function isPatient(principal: Principal): principal is Principal & { kind: 'user' } {
  return principal.kind === 'user' && principal.role === 'patient';
}

async function hidesBmi(deps: AppDeps, storefrontId: number): Promise<boolean> {
  const settings = await cachedStorefrontSettings(deps.database, storefrontId);
  return settings?.applicationSettings.HideBMI ?? false;
}

function storedAnswer(value: unknown): QuestionData['answer'] {
  if (typeof value === 'string' || typeof value === 'number') return value;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value;
  return null;
}

function questionView(question: QuestionRow, answer: unknown): QuestionData {
  return {
    code: question.code,
    text: question.text,
    kind: question.kind,
    options: question.options.map(({ value, label }) => ({ value, label })),
    required: question.required,
    min: question.min,
    max: question.max,
    unit: unitOf(question.kind),
    answer: storedAnswer(answer),
  };
}

/** The questionnaire of each consult item of the caller's order, with the saved answers. */
export async function getQuestionnaire(
  deps: AppDeps,
  principal: Principal,
  orderId: string,
): Promise<QuestionnaireData> {
  const { db } = deps.database;
  const order = await orderForCaller(db, principal, orderId);
  const catalog = await storefrontProducts(deps.database, order.storefrontId);
  const items = (await orderItemsOf(db, order.id)).filter(
    (item) => catalog.get(item.productId)?.isConsultRequired,
  );
  const hideBmi = await hidesBmi(deps, order.storefrontId);
  const myMedications = isPatient(principal) ? await savedMedications(db, principal.userId) : null;
  const answers = await answersByItem(
    db,
    items.map((item) => item.id),
  );
  const questions = await questionsByKey(
    db,
    items.map((item) => catalog.get(item.productId)?.questionnaireKey ?? null),
  );
  return {
    orderId: order.id,
    status: order.status,
    hideBmi,
    items: items.map((item) => {
      const product = catalog.get(item.productId);
      const key = product?.questionnaireKey ?? null;
      const list = (key && questions.get(key)) || [];
      const saved = answers.get(item.id) ?? new Map<string, unknown>();
      return {
        orderItemId: item.id,
        productId: item.productId,
        displayName: product?.displayName ?? '',
        questionnaireKey: key,
        completed: (item.completedCheckoutStages & StageBit.Consult) !== 0,
        bmi: hideBmi ? null : bmiOfAnswers(list, saved),
        // An unanswered medication question starts from the patient's "my medications".
        questions: list.map((q) =>
          questionView(
            q,
            saved.get(q.code) ??
              (q.kind === 'medications' ? (myMedications ?? undefined) : undefined),
          ),
        ),
      };
    }),
  };
}

/**
 * Stores one consult product's answers. A disqualifying answer ends the order on /disqualified;
 * otherwise the product's Consult stage is complete and checkout goes on to the next stage.
 */
export async function saveAnswers(
  deps: AppDeps,
  principal: Principal,
  input: SaveAnswersRequest,
): Promise<SaveAnswersData> {
  const actorId = principal.kind === 'user' ? principal.userId : null;
  // A first look (404 for another's order) tells which storefront's caches to warm.
  const seen = await orderForCaller(deps.database.db, principal, input.orderId);
  await warmStorefrontCaches(deps, seen.storefrontId);
  return deps.database.db.transaction(async (tx) => {
    const order = await orderForCaller(tx, principal, input.orderId, { forUpdate: true });
    assertOpen(order);
    if (order.status === 'disqualified') throw fail.conflict(messages.orderDisqualified);
    const catalog = await storefrontProducts(deps.database, order.storefrontId);
    const product = catalog.get(input.productId);
    const item = (await orderItemsOf(tx, order.id)).find((i) => i.productId === input.productId);
    if (!item || !product?.isConsultRequired) throw fail.notFound(messages.productNotFound);

    const questions =
      (product.questionnaireKey &&
        (await questionsByKey(tx, [product.questionnaireKey])).get(product.questionnaireKey)) ||
      [];
    const saved = (await answersByItem(tx, [item.id])).get(item.id) ?? new Map<string, unknown>();
    const { changes, merged, errors } = checkSubmission(questions, saved, input.answers);
    const keys = Object.values(errors);
    if (keys.length > 0) {
      const invalid = keys.includes('answerInvalidError');
      throw fail.badRequest(
        invalid ? messages.questionnaireInvalid : messages.questionnaireIncomplete,
        errors,
      );
    }

    const forgotten = [...changes].filter(([, value]) => value === null).map(([code]) => code);
    if (forgotten.length > 0) {
      await tx
        .delete(questionnaireAnswers)
        .where(
          and(
            eq(questionnaireAnswers.orderItemId, item.id),
            inArray(questionnaireAnswers.questionCode, forgotten),
          ),
        );
    }
    const stored = [...changes].flatMap(([code, value]) =>
      value === null ? [] : [{ orderItemId: item.id, questionCode: code, answer: value }],
    );
    if (stored.length > 0) {
      await tx
        .insert(questionnaireAnswers)
        .values(stored)
        .onConflictDoUpdate({
          target: [questionnaireAnswers.orderItemId, questionnaireAnswers.questionCode],
          set: { answer: sql`excluded.answer`, answeredAt: new Date() },
        });
    }

    // A patient's medication answer is their "my medications" list from now on.
    const medications = questions.find((q) => q.kind === 'medications' && changes.has(q.code));
    const answered = medications ? changes.get(medications.code) : null;
    if (isPatient(principal) && Array.isArray(answered)) {
      await keepMedications(tx, principal.userId, answered as string[]);
    }

    const bmi = (await hidesBmi(deps, order.storefrontId)) ? null : bmiOfAnswers(questions, merged);
    if (hasDisqualifyingAnswer(questions, merged)) {
      await moveStatus(tx, order, 'disqualified', actorId, {
        note: `A consult answer for product ${product.id} rules it out.`,
      });
      // A consult answered before and now ruled out is no longer complete.
      await tx
        .update(orderItems)
        .set({
          completedCheckoutStages: sql`${orderItems.completedCheckoutStages} & ~${StageBit.Consult}::int`,
        })
        .where(eq(orderItems.id, item.id));
      return { disqualified: true, bmi, redirectTo: routes.disqualified };
    }

    await markStageComplete(tx, order.id, StageBit.Consult, [product.id]);
    const priced = await priceOrder(deps, tx, order);
    return { disqualified: false, bmi, redirectTo: await firstRouteOfOrder(deps, priced) };
  });
}
