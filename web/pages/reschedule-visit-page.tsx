import { Button, Empty, Result, Skeleton, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../renderer/components/error-alert';
import { DoctorPicker } from '../../renderer/features/scheduling/doctor-picker';
import { formatSlotTime, patientTimeZone } from '../../renderer/features/scheduling/slot-time';
import { useDoctorSlots } from '../../renderer/features/scheduling/use-doctor-slots';
import { useOrderDoctors } from '../../renderer/features/scheduling/use-order-doctors';
import { useSession } from '../../renderer/features/session/session-context';
import { usePatientVisit } from '../../renderer/features/visits/use-patient-visit';
import {
  useRescheduleLink,
  useRescheduleVisit,
} from '../../renderer/features/visits/use-reschedule-visit';
import { linkRoutes, routes } from '../../shared/checkout/routes';
import type { DoctorSummaryData } from '../../shared/contracts/scheduling';
import type { VisitData } from '../../shared/contracts/visits';
import { CheckoutFrame } from '../checkout/checkout-page';
import { ConnectedBio } from '../checkout/scheduling/connected-bio';
import { VisitTimeSection } from '../checkout/scheduling/visit-time-section';
import { SignInRequired } from './sign-in-required';

const title = 'Reschedule your visit';
const movable = ['scheduled', 'waiting', 'missed'];

/**
 * Another time for a visit, with the same doctor or another licensed in the patient's state:
 * /reschedulings/:token from the emailed link (the link is the credential), or
 * /reschedulings?orderId= from the account (signed in).
 */
export default function RescheduleVisitPage() {
  const { token } = useParams();
  return (
    <CheckoutFrame title={title} wide>
      {token ? <ByLink token={token} /> : <SignedIn />}
    </CheckoutFrame>
  );
}

function ByLink({ token }: { token: string }) {
  const link = useRescheduleLink(token);
  const reschedule = useRescheduleVisit({ token });
  if (link.error) return <ErrorAlert error={link.error} />;
  if (!link.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  return <ChooseTime visit={link.data.visit} doctors={link.data.doctors} reschedule={reschedule} />;
}

function SignedIn() {
  const session = useSession();
  const [params] = useSearchParams();
  const orderId = params.get('orderId') ?? '';
  if (!session.signedIn) {
    const returnTo = `${linkRoutes.rescheduleVisit}?orderId=${encodeURIComponent(orderId)}`;
    return <SignInRequired title={title} returnTo={returnTo} />;
  }
  if (!orderId) return <Result status="info" title="There is no visit to show here." />;
  return <SignedInVisit identity={session.identity} orderId={orderId} />;
}

function SignedInVisit({ identity, orderId }: { identity: string; orderId: string }) {
  const visit = usePatientVisit(identity, orderId);
  const doctors = useOrderDoctors('patient', orderId);
  const reschedule = useRescheduleVisit({ orderId });
  const error = visit.error ?? doctors.error;
  if (error) return <ErrorAlert error={error} />;
  if (!visit.data || !doctors.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  return <ChooseTime visit={visit.data} doctors={doctors.data} reschedule={reschedule} />;
}

function ChooseTime({
  visit,
  doctors,
  reschedule,
}: {
  visit: VisitData;
  doctors: DoctorSummaryData[];
  reschedule: ReturnType<typeof useRescheduleVisit>;
}) {
  const timeZone = useMemo(patientTimeZone, []);
  const navigate = useNavigate();
  const [doctorId, setDoctorId] = useState<number | null>(visit.doctor.id);
  const [slotId, setSlotId] = useState<number | null>(null);
  const slots = useDoctorSlots(doctorId, timeZone);
  if (reschedule.isSuccess) {
    return (
      <Result
        status="success"
        title="Your visit has a new time"
        subTitle="We will remind you by email a day and 15 minutes before."
        extra={
          <Button
            type="primary"
            size="large"
            onClick={() =>
              void navigate(`${routes.patientVisit}?orderId=${encodeURIComponent(visit.orderId)}`)
            }
          >
            VISIT DETAILS
          </Button>
        }
      />
    );
  }
  if (!movable.includes(visit.status)) {
    return <Result status="info" title="This visit can no longer be rescheduled." />;
  }
  if (doctors.length === 0) {
    return <Empty description="No doctor is available for your state right now." />;
  }
  const doctor = doctors.find((d) => d.doctorId === doctorId);
  return (
    <div className="schedule-visit">
      <Typography.Paragraph>
        {visit.status === 'missed' ? 'Your missed visit was' : 'Your visit is'} on{' '}
        <strong>{formatSlotTime(visit.startsAt, timeZone)}</strong> with {visit.doctor.name}. Choose
        a new time below.
      </Typography.Paragraph>
      <DoctorPicker
        doctors={doctors}
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
        <VisitTimeSection
          title={`New visit time with ${doctor.name}`}
          slots={slots}
          timeZone={timeZone}
          slotId={slotId}
          onSelect={setSlotId}
          saving={reschedule.isPending}
          failure={reschedule.error}
          onSchedule={(id) =>
            // A time just taken by someone else: the times shown are refreshed.
            reschedule.mutate({ slotId: id, timeZone }, { onError: () => void slots.refetch() })
          }
        />
      ) : null}
    </div>
  );
}
