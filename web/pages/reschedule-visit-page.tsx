import { Button, Empty, Result, Skeleton, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../renderer/components/error-alert';
import { DoctorPicker } from '../../renderer/features/scheduling/doctor-picker';
import { SlotPicker } from '../../renderer/features/scheduling/slot-picker';
import { formatSlotTime, patientTimeZone } from '../../renderer/features/scheduling/slot-time';
import { useDoctorSlots } from '../../renderer/features/scheduling/use-doctor-slots';
import { useOrderDoctors } from '../../renderer/features/scheduling/use-order-doctors';
import { useSession } from '../../renderer/features/session/session-context';
import { usePatientVisit } from '../../renderer/features/visits/use-patient-visit';
import { useRescheduleVisit } from '../../renderer/features/visits/use-reschedule-visit';
import { linkRoutes, routes } from '../../shared/checkout/routes';
import type { VisitData } from '../../shared/contracts/visits';
import { CheckoutFrame } from '../checkout/checkout-page';
import { ConnectedBio } from '../checkout/scheduling/connected-bio';
import { SignInRequired } from './sign-in-required';

/**
 * /reschedulings?orderId= (the link of the missed-visit email, and RESCHEDULE VISIT in the
 * account): another time with the same doctor or another one licensed in the patient's state.
 */
export default function RescheduleVisitPage() {
  const session = useSession();
  const [params] = useSearchParams();
  const orderId = params.get('orderId') ?? '';
  if (!session.signedIn) {
    const returnTo = `${linkRoutes.rescheduleVisit}?orderId=${encodeURIComponent(orderId)}`;
    return <SignInRequired title="Reschedule your visit" returnTo={returnTo} />;
  }
  return (
    <CheckoutFrame title="Reschedule your visit" wide>
      <Reschedule identity={session.identity} orderId={orderId} />
    </CheckoutFrame>
  );
}

function Reschedule({ identity, orderId }: { identity: string; orderId: string }) {
  const visit = usePatientVisit(identity, orderId || null);
  if (!orderId) return <Result status="info" title="There is no visit to show here." />;
  if (visit.error) return <ErrorAlert error={visit.error} />;
  if (!visit.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  const movable = ['scheduled', 'waiting', 'missed'].includes(visit.data.status);
  if (!movable) return <Result status="info" title="This visit can no longer be rescheduled." />;
  return <ChooseTime visit={visit.data} />;
}

function ChooseTime({ visit }: { visit: VisitData }) {
  const timeZone = useMemo(patientTimeZone, []);
  const navigate = useNavigate();
  const doctors = useOrderDoctors('patient', visit.orderId);
  const [doctorId, setDoctorId] = useState<number | null>(visit.doctor.id);
  const [slotId, setSlotId] = useState<number | null>(null);
  const slots = useDoctorSlots(doctorId, timeZone);
  const reschedule = useRescheduleVisit();
  if (doctors.error) return <ErrorAlert error={doctors.error} />;
  if (!doctors.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (doctors.data.length === 0) {
    return <Empty description="No doctor is available for your state right now." />;
  }
  const doctor = doctors.data.find((d) => d.doctorId === doctorId);
  return (
    <div className="schedule-visit">
      <Typography.Paragraph>
        {visit.status === 'missed' ? 'Your missed visit was' : 'Your visit is'} on{' '}
        <strong>{formatSlotTime(visit.startsAt, timeZone)}</strong> with {visit.doctor.name}. Choose
        a new time below.
      </Typography.Paragraph>
      <DoctorPicker
        doctors={doctors.data}
        selectedDoctorId={doctorId}
        onSelect={(id) => {
          setDoctorId(id);
          setSlotId(null);
        }}
        renderBio={(id) => <ConnectedBio doctorId={id} />}
        timeZone={timeZone}
        disabled={reschedule.isPending}
      />
      {doctor ? (
        <section className="checkout-section" aria-labelledby="new-time-title">
          <h2 id="new-time-title" className="section-title">
            New visit time with {doctor.name}
          </h2>
          {slots.error ? <ErrorAlert error={slots.error} /> : null}
          <SlotPicker
            slots={slots.data ?? []}
            timeZone={timeZone}
            selectedSlotId={slotId}
            onSelect={setSlotId}
            loading={slots.isPending}
            disabled={reschedule.isPending}
          />
          {reschedule.error ? <ErrorAlert error={reschedule.error} /> : null}
          <Button
            type="primary"
            size="large"
            className="primary-action"
            disabled={slotId === null}
            loading={reschedule.isPending}
            onClick={() =>
              slotId !== null &&
              reschedule.mutate(
                { orderId: visit.orderId, slotId, timeZone },
                {
                  onSuccess: () =>
                    navigate(`${routes.patientVisit}?orderId=${encodeURIComponent(visit.orderId)}`),
                },
              )
            }
          >
            SCHEDULE
          </Button>
        </section>
      ) : null}
    </div>
  );
}
