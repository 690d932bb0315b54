import { useState } from 'react';
import type { QuestionnaireData } from '../../../shared/contracts/questionnaire';
import type { SubmittedAnswer } from './questionnaire-form';
import { useQuestionnaire } from './use-questionnaire';
import { useSaveAnswers } from './use-save-answers';

/** The item to answer: the first one not done yet, else (going back to edit) the first. */
export function currentItem(data: QuestionnaireData) {
  return data.items.find((item) => !item.completed) ?? data.items[0];
}

/**
 * An order's consult questionnaires answered one product at a time, in the web checkout and
 * the console's phone order alike: each product's answers saved, then the next product's
 * questionnaire, until none is left (`onAllAnswered`); a disqualifying answer stops there
 * (`onDisqualified`). `failure` is the last save's error, for the form to show.
 */
export function useAnswerQuestionnaire(
  orderId: string,
  handlers: { onDisqualified: () => void; onAllAnswered: () => Promise<void> | void },
) {
  const query = useQuestionnaire(orderId);
  const save = useSaveAnswers();
  const [failure, setFailure] = useState<unknown>(null);
  const submit = async (productId: number, answers: SubmittedAnswer[]) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync({ orderId, productId, answers });
      if (saved.disqualified) {
        handlers.onDisqualified();
        return;
      }
      const fresh = await query.refetch();
      const next = fresh.data?.items.find((i) => !i.completed && i.productId !== productId);
      if (!next) await handlers.onAllAnswered();
    } catch (error) {
      setFailure(error);
    }
  };
  const item = query.data ? currentItem(query.data) : undefined;
  return { query, item, submit, failure, saving: save.isPending };
}
