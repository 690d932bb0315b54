import { Alert, Button, Skeleton } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../../../shared/api/api-error';
import { messages } from '../../../../shared/errors/messages';
import { errorTextOf } from '../../../components/api-error-text';
import { ErrorAlert } from '../../../components/error-alert';
import { useMedicationSearchAsStaff } from '../../../features/phone-order/medication-search-as-staff';
import { QuestionnaireForm } from '../../../features/questionnaire/questionnaire-form';
import { useAnswerQuestionnaire } from '../../../features/questionnaire/use-answer-questionnaire';
import type { PhoneOrderContext } from './phone-order-context';

/**
 * The consult questionnaire, read to the patient and answered for them, one consult product
 * at a time (the patient app's form). A disqualifying answer sends the agent back to the cart.
 */
export function ConsultStep({ context }: { context: PhoneOrderContext }) {
  const { order } = context;
  const searchMedications = useMedicationSearchAsStaff();
  const [disqualified, setDisqualified] = useState(false);
  const { query, item, submit, failure, saving } = useAnswerQuestionnaire(order.id, {
    onDisqualified: () => setDisqualified(true),
    onAllAnswered: async () => {
      await context.refreshOrder();
      context.goNext('consult');
    },
  });

  if (query.error) return <ErrorAlert error={query.error} />;
  if (!query.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (!item) return null;
  const position = query.data.items.indexOf(item) + 1;
  const total = query.data.items.length;

  if (disqualified) {
    return (
      <Alert
        type="warning"
        showIcon
        role="alert"
        title={messages.orderDisqualified}
        action={
          <Button
            onClick={async () => {
              await context.refreshOrder();
              context.goTo('cart');
            }}
          >
            Back to the cart
          </Button>
        }
      />
    );
  }

  const text = failure ? errorTextOf(failure) : null;
  return (
    <section className="questionnaire phone-order-panel" aria-labelledby="questionnaire-product">
      <h3 id="questionnaire-product" className="section-title">
        {item.displayName}
        {total > 1 ? ` (${position} of ${total})` : ''}
      </h3>
      {text?.connection ? <ErrorAlert error={failure} /> : null}
      <QuestionnaireForm
        key={item.orderItemId}
        questionnaire={item}
        hideBmi={query.data.hideBmi || order.applicationSettings.HideBMI}
        onSubmit={(answers) => submit(item.productId, answers)}
        serverErrors={isApiError(failure) ? failure.errors : undefined}
        formError={text && !text.connection ? text.message : null}
        submitting={saving}
        submitLabel="CONTINUE"
        searchMedications={searchMedications}
      />
    </section>
  );
}
