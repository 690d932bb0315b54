import { Button, Empty, Flex, Skeleton } from 'antd';
import { useState } from 'react';
import { confirmsDoctor, isVisitType } from '../../../../shared/checkout/visit-type';
import { ErrorAlert } from '../../../components/error-alert';
import { DoctorBio } from '../../../features/scheduling/doctor-bio';
import { DoctorPicker } from '../../../features/scheduling/doctor-picker';
import { SlotPicker } from '../../../features/scheduling/slot-picker';
import { useDoctorBio } from '../../../features/scheduling/use-doctor-bio';
import { useDoctorSlots } from '../../../features/scheduling/use-doctor-slots';
import { useOrderDoctors } from '../../../features/scheduling/use-order-doctors';
import { useSelectDoctor } from '../../../features/scheduling/use-select-doctor';
import type { PhoneOrderContext } from './phone-order-context';

function Bio({ doctorId }: { doctorId: number }) {
  const bio = useDoctorBio(doctorId);
  return <DoctorBio bio={bio.data} loading={bio.isPending} />;
}

/**
 * The doctor licensed in the shipping state and, for a video or phone visit (types 1 and 2),
 * a free time read to the patient in their own time zone. Type 3 only confirms the doctor.
 */
export function DoctorStep({ context }: { context: PhoneOrderContext }) {
  const { order, timeZone } = context;
  const visitType = order.visit?.type;
  const needsTime = !(isVisitType(visitType) && confirmsDoctor(visitType));
  const doctors = useOrderDoctors('patient', order.id);
  const [doctorId, setDoctorId] = useState<number | null>(order.doctor?.doctorId ?? null);
  const heldSlot = order.items.find((item) => item.schedule)?.schedule?.id ?? null;
  const [slotId, setSlotId] = useState<number | null>(heldSlot);
  const slots = useDoctorSlots(needsTime ? doctorId : null, timeZone);
  const select = useSelectDoctor();

  if (doctors.error) return <ErrorAlert error={doctors.error} />;
  if (!doctors.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (doctors.data.length === 0) {
    return <Empty description="No doctor is licensed in the patient's shipping state." />;
  }

  const submit = () => {
    if (doctorId === null || (needsTime && slotId === null)) return;
    select.mutate(
      {
        buyer: 'patient',
        orderId: order.id,
        doctorId,
        ...(needsTime && slotId !== null ? { slotId } : {}),
      },
      {
        onSuccess: (updated) => {
          context.setOrder(updated);
          context.goNext('doctor');
        },
        // A time just taken by someone else: the list is read again, the agent picks another.
        onError: () => setSlotId(null),
      },
    );
  };

  return (
    <Flex vertical gap={16} className="phone-order-panel">
      <DoctorPicker
        doctors={doctors.data}
        selectedDoctorId={doctorId}
        onSelect={(id) => {
          setDoctorId(id);
          if (id !== doctorId) setSlotId(null);
        }}
        renderBio={(id) => <Bio doctorId={id} />}
        timeZone={timeZone}
        disabled={select.isPending}
      />
      {needsTime && doctorId !== null ? (
        <section className="checkout-section" aria-labelledby="phone-visit-time">
          <h3 id="phone-visit-time" className="section-title">
            Visit time
          </h3>
          {slots.error ? <ErrorAlert error={slots.error} /> : null}
          <SlotPicker
            slots={slots.data ?? []}
            timeZone={timeZone}
            selectedSlotId={slotId}
            onSelect={setSlotId}
            loading={slots.isPending}
            disabled={select.isPending}
          />
        </section>
      ) : null}
      {select.error ? <ErrorAlert error={select.error} /> : null}
      <Button
        type="primary"
        onClick={submit}
        loading={select.isPending}
        disabled={doctorId === null || (needsTime && slotId === null)}
        style={{ alignSelf: 'flex-start' }}
      >
        {needsTime ? 'SCHEDULE' : 'CONFIRM'}
      </Button>
    </Flex>
  );
}
