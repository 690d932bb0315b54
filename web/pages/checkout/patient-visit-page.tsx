import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Result, Skeleton, Space, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useApiClient } from '../../../renderer/app/api-context';
import { ErrorAlert } from '../../../renderer/components/error-alert';
import { formatSlotTime, patientTimeZone } from '../../../renderer/features/scheduling/slot-time';
import { useSession } from '../../../renderer/features/session/session-context';
import { CallView } from '../../../renderer/features/visits/call-view';
import { useLocalMedia } from '../../../renderer/features/visits/use-local-media';
import { usePatientVisit } from '../../../renderer/features/visits/use-patient-visit';
import { useVisitCall } from '../../../renderer/features/visits/use-visit-call';
import { visitRoomUrl } from '../../../renderer/features/visits/visit-api';
import type { CallState } from '../../../renderer/features/visits/visit-call';
import { visitKeys } from '../../../renderer/features/visits/visit-keys';
import { roomIsOpen } from '../../../renderer/features/visits/visit-labels';
import { storageKeys } from '../../../shared/api/storage-keys';
import { linkRoutes, routes } from '../../../shared/checkout/routes';
import type { VisitData } from '../../../shared/contracts/visits';
import { messages } from '../../../shared/errors/messages';
import { useRuntime } from '../../app/runtime-context';
import { CheckoutFrame } from '../../checkout/checkout-page';
import { useNow } from '../account/use-now';
import { SignInRequired } from '../sign-in-required';

/**
 * /checkout/patient-visit?orderId=: the waiting room (camera and microphone check, the visit's
 * time), CONNECT TO YOUR VISIT NOW once the room is open, then the call with the doctor. When
 * the doctor ends the visit, the patient goes on to the ended-visit page.
 */
export default function PatientVisitPage() {
  const session = useSession();
  const [params] = useSearchParams();
  const orderId = params.get('orderId');
  if (!session.signedIn) {
    const returnTo = `${routes.patientVisit}?orderId=${encodeURIComponent(orderId ?? '')}`;
    return <SignInRequired title="Your visit" returnTo={returnTo} />;
  }
  if (!orderId) {
    return (
      <CheckoutFrame title="Your visit">
        <Result status="info" title="There is no visit to show here." />
      </CheckoutFrame>
    );
  }
  return <VisitRoom identity={session.identity} orderId={orderId} />;
}

function VisitRoom({ identity, orderId }: { identity: string; orderId: string }) {
  const visit = usePatientVisit(identity, orderId);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [connected, setConnected] = useState(false);
  const endedPage = `${routes.endedVisit}?orderId=${encodeURIComponent(orderId)}`;
  let body: React.ReactNode;
  if (visit.error) body = <ErrorAlert error={visit.error} />;
  else if (!visit.data) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (visit.data.status === 'ended') {
    body = (
      <Result
        status="success"
        title="Your visit has ended"
        extra={
          <Button type="primary" size="large" onClick={() => navigate(endedPage)}>
            RATE YOUR DOCTOR
          </Button>
        }
      />
    );
  } else if (visit.data.status === 'missed' || visit.data.status === 'cancelled') {
    body = <VisitOver visit={visit.data} />;
  } else if (visit.data.visitType === 2) {
    body = <PhoneVisit visit={visit.data} />;
  } else if (connected) {
    body = (
      <PatientCall
        visit={visit.data}
        onEnded={() => {
          // The visit's status changed: the ended page reads it afresh.
          void queryClient.invalidateQueries({ queryKey: visitKeys.all });
          void navigate(endedPage);
        }}
        onLeft={() => setConnected(false)}
      />
    );
  } else {
    body = <WaitingRoom visit={visit.data} onConnect={() => setConnected(true)} />;
  }
  return (
    <CheckoutFrame title={connected ? 'Your video visit' : 'Your visit'} wide>
      {body}
    </CheckoutFrame>
  );
}

function VisitOver({ visit }: { visit: VisitData }) {
  const navigate = useNavigate();
  const missed = visit.status === 'missed';
  return (
    <Result
      status="warning"
      title={missed ? 'We missed you at your visit' : 'This visit was cancelled'}
      subTitle={missed ? 'You can book another time with a doctor.' : undefined}
      extra={
        <Space wrap>
          {missed && (
            <Button
              type="primary"
              size="large"
              onClick={() =>
                navigate(
                  `${linkRoutes.rescheduleVisit}?orderId=${encodeURIComponent(visit.orderId)}`,
                )
              }
            >
              RESCHEDULE VISIT
            </Button>
          )}
          <Button size="large" onClick={() => navigate(routes.myAccount)}>
            GO TO MY ACCOUNT
          </Button>
        </Space>
      }
    />
  );
}

/** A phone visit (visit type 2): the doctor calls; nothing to join here. */
function PhoneVisit({ visit }: { visit: VisitData }) {
  const timeZone = useMemo(patientTimeZone, []);
  const navigate = useNavigate();
  return (
    <Result
      status="info"
      title={`Your phone visit with ${visit.doctor.name}`}
      subTitle={`${formatSlotTime(visit.startsAt, timeZone)} (your time). Your doctor will call you at the phone number of your order.`}
      extra={
        <Button size="large" onClick={() => void navigate(routes.myAccount)}>
          GO TO MY ACCOUNT
        </Button>
      }
    />
  );
}

/** Before the call: when, with whom, and whether the camera and microphone work. */
function WaitingRoom({ visit, onConnect }: { visit: VisitData; onConnect: () => void }) {
  const timeZone = useMemo(patientTimeZone, []);
  const now = useNow();
  const media = useLocalMedia(true);
  const open = roomIsOpen(visit, now);
  return (
    <div className="visit-waiting-room">
      <Typography.Paragraph>
        Your video visit with <strong>{visit.doctor.name}</strong> is on{' '}
        <strong>{formatSlotTime(visit.startsAt, timeZone)}</strong> (your time).
      </Typography.Paragraph>
      <DevicePreview stream={media?.stream ?? null} />
      {media === null && (
        <Typography.Paragraph>Checking your camera and microphone…</Typography.Paragraph>
      )}
      {media?.noCamera && (
        <Alert
          type="warning"
          role="alert"
          showIcon
          title={messages.noCamera}
          description={
            media.noMicrophone
              ? 'We could not use your microphone either. You can still join, see and hear your doctor.'
              : 'You can still join your visit with sound only.'
          }
        />
      )}
      {media && !media.noCamera && (
        <Typography.Paragraph type="success">
          Your camera and microphone are working.
        </Typography.Paragraph>
      )}
      {open ? (
        <Button type="primary" size="large" onClick={onConnect} disabled={media === null}>
          CONNECT TO YOUR VISIT NOW
        </Button>
      ) : (
        <Typography.Paragraph role="status">
          Your visit room opens at {formatSlotTime(visit.joinOpensAt, timeZone)}. Keep this page
          open: the button to join appears then.
        </Typography.Paragraph>
      )}
    </div>
  );
}

function DevicePreview({ stream }: { stream: MediaStream | null }) {
  const [video, setVideo] = useState<HTMLVideoElement | null>(null);
  useEffect(() => {
    if (!video) return;
    video.srcObject = stream;
  }, [video, stream]);
  if (!stream || stream.getVideoTracks().length === 0) return null;
  return (
    <video
      ref={setVideo}
      className="visit-preview"
      aria-label="Your camera"
      autoPlay
      playsInline
      muted
    />
  );
}

function patientStatus(state: CallState | null, doctor: string): string {
  if (!state) return 'Connecting…';
  switch (state.phase) {
    case 'connecting':
      return 'Connecting…';
    case 'waiting':
      return 'Waiting for your doctor';
    case 'together':
      return state.remoteStream ? `You are with ${doctor}` : `Connecting to ${doctor}…`;
    case 'reconnecting':
      return 'Your connection dropped. Reconnecting…';
    case 'ended':
      return 'Your visit has ended';
    case 'refused':
      return state.refusal ?? messages.visitRoomRefused;
    case 'left':
      return 'You left the visit';
  }
}

function PatientCall({
  visit,
  onEnded,
  onLeft,
}: {
  visit: VisitData;
  onEnded: () => void;
  onLeft: () => void;
}) {
  const client = useApiClient();
  const runtime = useRuntime();
  const media = useLocalMedia(true);
  const url = useMemo(() => visitRoomUrl(client, window.location.href), [client]);
  const call = useVisitCall({
    url,
    visitId: visit.orderId,
    token: () => runtime.storages.local.getItem(storageKeys.token),
    stream: media === null ? undefined : media.stream,
  });
  const phase = call.state?.phase;
  useEffect(() => {
    if (phase === 'ended') onEnded();
  }, [phase, onEnded]);
  if (phase === 'refused') {
    return (
      <Space direction="vertical">
        <ErrorAlert message={call.state?.refusal ?? messages.visitRoomRefused} />
        <Button onClick={onLeft}>BACK</Button>
      </Space>
    );
  }
  return (
    <CallView
      localStream={media?.stream ?? null}
      remoteStream={call.state?.remoteStream ?? null}
      status={patientStatus(call.state, visit.doctor.name)}
      peerName={visit.doctor.name}
      peerMedia={call.state?.peerMedia ?? null}
      media={call.state?.media ?? { audio: true, video: true }}
      inboundBytes={call.inboundBytes}
      phase={phase ?? 'connecting'}
      onMedia={call.setMedia}
      onLeave={() => {
        call.leave();
        onLeft();
      }}
    />
  );
}
