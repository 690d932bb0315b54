import { Skeleton } from 'antd';
import { errorTextOf } from '../../../renderer/components/api-error-text';
import { ErrorAlert } from '../../../renderer/components/error-alert';
import { QuestionnaireForm } from '../../../renderer/features/questionnaire/questionnaire-form';
import { useAnswerQuestionnaire } from '../../../renderer/features/questionnaire/use-answer-questionnaire';
import { useMedicationSearch } from '../../../renderer/features/questionnaire/use-medication-search';
import { isApiError } from '../../../shared/api/api-error';
import { routes } from '../../../shared/checkout/routes';
import { type CheckoutContext, CheckoutPage } from '../../checkout/checkout-page';

/** /checkout/questionnaire/1: the consult questionnaire of each consult product, one at a time. */
export default function QuestionnairePage() {
  return (
    <CheckoutPage title="Your health questionnaire">
      {(context) => <Questionnaire context={context} />}
    </CheckoutPage>
  );
}

function Questionnaire({ context }: { context: CheckoutContext }) {
  const { order, settings } = context;
  const { query, item, submit, failure, saving } = useAnswerQuestionnaire(order.id, {
    onDisqualified: () => context.navigate(routes.disqualified),
    onAllAnswered: () => context.continueCheckout(routes.questionnaire),
  });
  const searchMedications = useMedicationSearch();

  if (query.error) return <ErrorAlert error={query.error} />;
  if (!query.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (!item) return null;
  const position = query.data.items.indexOf(item) + 1;
  const total = query.data.items.length;

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
        onSubmit={(answers) => submit(item.productId, answers)}
        serverErrors={serverErrors}
        formError={text && !text.connection ? text.message : null}
        submitting={saving}
        submitLabel="CONTINUE"
        searchMedications={searchMedications}
      />
    </section>
  );
}
