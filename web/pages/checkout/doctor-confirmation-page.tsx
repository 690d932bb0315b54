import { Button, Empty, Skeleton } from 'antd';
import { useMemo, useState } from 'react';
import { ErrorAlert } from '../../../renderer/components/error-alert';
import { DoctorPicker } from '../../../renderer/features/scheduling/doctor-picker';
import { patientTimeZone } from '../../../renderer/features/scheduling/slot-time';
import { useOrderDoctors } from '../../../renderer/features/scheduling/use-order-doctors';
import { type CheckoutContext, CheckoutPage } from '../../checkout/checkout-page';
import { ConnectedBio } from '../../checkout/scheduling/connected-bio';
import { useDoctorStep } from '../../checkout/scheduling/use-doctor-step';

/** /checkout/doctor-confirmation (visit type 3): choose the reviewing doctor, then CONFIRM. */
export default function DoctorConfirmationPage() {
  return (
    <CheckoutPage title="Confirm your doctor" wide>
      {(context) => <DoctorConfirmation context={context} />}
    </CheckoutPage>
  );
}

function DoctorConfirmation({ context }: { context: CheckoutContext }) {
  const timeZone = useMemo(patientTimeZone, []);
  const doctors = useOrderDoctors(context.buyer, context.order.id);
  const [doctorId, setDoctorId] = useState<number | null>(context.order.doctor?.doctorId ?? null);
  const step = useDoctorStep(context);

  if (doctors.error) return <ErrorAlert error={doctors.error} />;
  if (!doctors.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (doctors.data.length === 0) {
    return <Empty description="No doctor is available for your state right now." />;
  }
  return (
    <div className="doctor-confirmation">
      <p>
        Your doctor reviews your answers and confirms your prescription; no appointment is needed.
      </p>
      <DoctorPicker
        doctors={doctors.data}
        selectedDoctorId={doctorId}
        onSelect={setDoctorId}
        renderBio={(id) => <ConnectedBio doctorId={id} />}
        timeZone={timeZone}
        disabled={step.saving}
      />
      {step.failure ? <ErrorAlert error={step.failure} /> : null}
      <Button
        type="primary"
        size="large"
        className="primary-action"
        disabled={doctorId === null}
        loading={step.saving}
        onClick={() => doctorId !== null && step.save(doctorId)}
      >
        CONFIRM
      </Button>
    </div>
  );
}
