import { Button, Checkbox } from 'antd';
import { useState } from 'react';
import { type LabTestCode, labTests } from '../../../shared/labs/lab-tests';
import { ErrorAlert } from '../../components/error-alert';
import type { useLabActions } from './use-labs';

type OrderMutation = ReturnType<typeof useLabActions>['order'];

/** The doctor picks tests and ORDER LABS: the requisition PDF is made for the patient. */
export function OrderLabsForm({ orderId, order }: { orderId: string; order: OrderMutation }) {
  const [tests, setTests] = useState<LabTestCode[]>([]);
  return (
    <form
      aria-label="Order labs"
      onSubmit={(event) => {
        event.preventDefault();
        order.mutate({ orderId, tests }, { onSuccess: () => setTests([]) });
      }}
    >
      <Checkbox.Group
        className="lab-tests-choice"
        value={tests}
        onChange={(values) => setTests(values as LabTestCode[])}
        options={labTests.map((test) => ({ value: test.code, label: test.name }))}
      />
      <Button
        type="primary"
        htmlType="submit"
        disabled={tests.length === 0}
        loading={order.isPending}
      >
        ORDER LABS
      </Button>
      {order.error ? <ErrorAlert error={order.error} /> : null}
    </form>
  );
}
