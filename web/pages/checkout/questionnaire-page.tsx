import { Skeleton } from 'antd';
import { useState } from 'react';
import { errorTextOf } from '../../../renderer/components/api-error-text';
import { ErrorAlert } from '../../../renderer/components/error-alert';
import {
  QuestionnaireForm,
  type SubmittedAnswer,
} from '../../../renderer/features/questionnaire/questionnaire-form';
import { useMedicationSearch } from '../../../renderer/features/questionnaire/use-medication-search';
import { useQuestionnaire } from '../../../renderer/features/questionnaire/use-questionnaire';
import { useSaveAnswers } from '../../../renderer/features/questionnaire/use-save-answers';
import { isApiError } from '../../../shared/api/api-error';
import { routes } from '../../../shared/checkout/routes';
import type { QuestionnaireData } from '../../../shared/contracts/questionnaire';
import { type CheckoutContext, CheckoutPage } from '../../checkout/checkout-page';

/** /checkout/questionnaire/1: the consult questionnaire of each consult product, one at a time. */
export default function QuestionnairePage() {
  return (
    <CheckoutPage title="Your health questionnaire">
      {(context) => <Questionnaire context={context} />}
    </CheckoutPage>
  );
}

/** The item to answer: the first one not done yet, else (editing) the first. */
function currentItem(data: QuestionnaireData) {
  return data.items.find((item) => !item.completed) ?? data.items[0];
}

function Questionnaire({ context }: { context: CheckoutContext }) {
  const { order, settings } = context;
  const query = useQuestionnaire(order.id);
  const save = useSaveAnswers();
  const searchMedications = useMedicationSearch();
  const [failure, setFailure] = useState<unknown>(null);

  if (query.error) return <ErrorAlert error={query.error} />;
  if (!query.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const item = currentItem(query.data);
  if (!item) return null;
  const position = query.data.items.indexOf(item) + 1;
  const total = query.data.items.length;

  const submit = async (answers: SubmittedAnswer[]) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync({
        orderId: order.id,
        productId: item.productId,
        answers,
      });
      if (saved.disqualified) {
        context.navigate(routes.disqualified);
        return;
      }
      const fresh = await query.refetch();
      const next = fresh.data?.items.find((i) => !i.completed && i.productId !== item.productId);
      if (!next) await context.continueCheckout(routes.questionnaire);
    } catch (error) {
      setFailure(error);
    }
  };

  const serverErrors = isApiError(failure) ? failure.errors : undefined;
  const text = failure ? errorTextOf(failure) : null;
  return (
    <section className="questionnaire" aria-labelledby="questionnaire-product">
      <h2 id="questionnaire-product" className="section-title">
        {item.displayName}
        {total > 1 ? (
          <span className="step-count">
            {' '}
            ({position} of {total})
          </span>
        ) : null}
      </h2>
      {text?.connection ? <ErrorAlert error={failure} /> : null}
      <QuestionnaireForm
        key={item.orderItemId}
        questionnaire={item}
        hideBmi={query.data.hideBmi || settings.HideBMI}
        onSubmit={submit}
        serverErrors={serverErrors}
        formError={text && !text.connection ? text.message : null}
        submitting={save.isPending}
        submitLabel="CONTINUE"
        searchMedications={searchMedications}
      />
    </section>
  );
}
