import { Alert, Button, Skeleton } from 'antd';
import { useState } from 'react';
import { isApiError } from '../../../../shared/api/api-error';
import type { QuestionnaireData } from '../../../../shared/contracts/questionnaire';
import { messages } from '../../../../shared/errors/messages';
import { errorTextOf } from '../../../components/api-error-text';
import { ErrorAlert } from '../../../components/error-alert';
import { useMedicationSearchAsStaff } from '../../../features/phone-order/medication-search-as-staff';
import {
  QuestionnaireForm,
  type SubmittedAnswer,
} from '../../../features/questionnaire/questionnaire-form';
import { useQuestionnaire } from '../../../features/questionnaire/use-questionnaire';
import { useSaveAnswers } from '../../../features/questionnaire/use-save-answers';
import type { PhoneOrderContext } from './phone-order-context';

/** The item to read out: the first one not answered yet, else (going back) the first. */
function currentItem(data: QuestionnaireData) {
  return data.items.find((item) => !item.completed) ?? data.items[0];
}

/**
 * The consult questionnaire, read to the patient and answered for them, one consult product
 * at a time (the patient app's form). A disqualifying answer sends the agent back to the cart.
 */
export function ConsultStep({ context }: { context: PhoneOrderContext }) {
  const { order } = context;
  const query = useQuestionnaire(order.id);
  const save = useSaveAnswers();
  const searchMedications = useMedicationSearchAsStaff();
  const [failure, setFailure] = useState<unknown>(null);
  const [disqualified, setDisqualified] = useState(false);

  if (query.error) return <ErrorAlert error={query.error} />;
  if (!query.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const item = currentItem(query.data);
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

  const submit = async (answers: SubmittedAnswer[]) => {
    setFailure(null);
    try {
      const saved = await save.mutateAsync({
        orderId: order.id,
        productId: item.productId,
        answers,
      });
      if (saved.disqualified) {
        setDisqualified(true);
        return;
      }
      const fresh = await query.refetch();
      const next = fresh.data?.items.find((i) => !i.completed && i.productId !== item.productId);
      if (!next) {
        await context.refreshOrder();
        context.goNext('consult');
      }
    } catch (error) {
      setFailure(error);
    }
  };

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
        onSubmit={submit}
        serverErrors={isApiError(failure) ? failure.errors : undefined}
        formError={text && !text.connection ? text.message : null}
        submitting={save.isPending}
        submitLabel="CONTINUE"
        searchMedications={searchMedications}
      />
    </section>
  );
}
