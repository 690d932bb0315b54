import { Empty, Skeleton } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ErrorAlert } from '../../../renderer/components/error-alert';
import { DoctorPicker } from '../../../renderer/features/scheduling/doctor-picker';
import { patientTimeZone } from '../../../renderer/features/scheduling/slot-time';
import { useDoctorSlots } from '../../../renderer/features/scheduling/use-doctor-slots';
import { useOrderDoctors } from '../../../renderer/features/scheduling/use-order-doctors';
import { type CheckoutContext, CheckoutPage } from '../../checkout/checkout-page';
import { ConnectedBio } from '../../checkout/scheduling/connected-bio';
import { useDoctorStep } from '../../checkout/scheduling/use-doctor-step';
import { VisitTimeSection } from '../../checkout/scheduling/visit-time-section';

/** /checkout/schedule-visit (visit types 1 and 2): a doctor, then a time in the patient's zone. */
export default function ScheduleVisitPage() {
  return (
    <CheckoutPage title="Choose your doctor and visit time" wide>
      {(context) => <ScheduleVisit context={context} />}
    </CheckoutPage>
  );
}

function ScheduleVisit({ context }: { context: CheckoutContext }) {
  const { order } = context;
  const timeZone = useMemo(patientTimeZone, []);
  const doctors = useOrderDoctors(context.buyer, order.id);
  const heldSlot = order.items.find((item) => item.schedule)?.schedule?.id ?? null;
  const [doctorId, setDoctorId] = useState<number | null>(order.doctor?.doctorId ?? null);
  const [slotId, setSlotId] = useState<number | null>(heldSlot);
  const slots = useDoctorSlots(doctorId, timeZone);
  const step = useDoctorStep(context);
  const slotSection = useRef<HTMLElement>(null);

  // A time that is not offered (any more) cannot stay chosen: it would not show as picked.
  useEffect(() => {
    if (slotId !== null && slots.data && !slots.data.some((s) => s.id === slotId)) {
      setSlotId(null);
    }
  }, [slots.data, slotId]);

  if (doctors.error) return <ErrorAlert error={doctors.error} />;
  if (!doctors.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (doctors.data.length === 0) {
    return <Empty description="No doctor is available for your state right now." />;
  }
  const doctor = doctors.data.find((d) => d.doctorId === doctorId);

  return (
    <div className="schedule-visit">
      <DoctorPicker
        doctors={doctors.data}
        selectedDoctorId={doctorId}
        onSelect={(id) => {
          setDoctorId(id);
          if (id !== doctorId) setSlotId(null);
          requestAnimationFrame(() =>
            slotSection.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }),
          );
        }}
        renderBio={(id) => <ConnectedBio doctorId={id} />}
        timeZone={timeZone}
        disabled={step.saving}
      />
      {doctor ? (
        <VisitTimeSection
          sectionRef={slotSection}
          title={`Visit time with ${doctor.name}`}
          slots={slots}
          timeZone={timeZone}
          slotId={slotId}
          onSelect={setSlotId}
          saving={step.saving}
          failure={step.failure}
          onSchedule={(id) => doctorId !== null && step.save(doctorId, id)}
        />
      ) : null}
    </div>
  );
}
