import {
  Alert,
  Button,
  Descriptions,
  Input,
  Popconfirm,
  Radio,
  Result,
  Skeleton,
  Space,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type {
  VisitChartData,
  VisitData,
  VisitOutcomeValue,
} from '../../../../shared/contracts/visits';
import { NOTES_MAX } from '../../../../shared/contracts/visits';
import { useApiClient } from '../../../app/api-context';
import { apiErrorText } from '../../../components/api-error-text';
import { StaffDocumentDownload } from '../../../features/documents/staff-document-download';
import { StaffLabsPanel } from '../../../features/labs/staff-labs-panel';
import { CallView } from '../../../features/visits/call-view';
import {
  useDoctorVisits,
  useVisitActions,
  useVisitChart,
} from '../../../features/visits/use-doctor-visits';
import { useLocalMedia } from '../../../features/visits/use-local-media';
import { useVisitCall } from '../../../features/visits/use-visit-call';
import { visitRoomUrl } from '../../../features/visits/visit-api';
import type { CallState } from '../../../features/visits/visit-call';
import {
  roomIsOpen,
  visitOutcomeLabels,
  visitStatusLabels,
} from '../../../features/visits/visit-labels';
import { useStaffSessionStore } from '../../app/session-context';
import { VisitTimes } from './visits-page';
import './visit-page.css';

/** A visit (doctors): the chart beside the call, START VISIT, notes, END VISIT with an outcome. */
export default function VisitPage() {
  const { orderId = '' } = useParams();
  const chart = useVisitChart(orderId);
  const navigate = useNavigate();
  if (chart.error) {
    return (
      <div className="console-page">
        <Alert type="error" role="alert" title={apiErrorText(chart.error)} />
        <Button onClick={() => navigate('/visits')}>Back to visits</Button>
      </div>
    );
  }
  if (!chart.data) return <Skeleton active paragraph={{ rows: 10 }} />;
  return <Visit chart={chart.data} />;
}

function Visit({ chart }: { chart: VisitChartData }) {
  const list = useDoctorVisits();
  const navigate = useNavigate();
  // The list is polled: it tells when the patient arrives in the waiting room.
  const visit = list.data?.find((v) => v.orderId === chart.visit.orderId) ?? chart.visit;
  const actions = useVisitActions(visit.orderId);
  const [inCall, setInCall] = useState(visit.status === 'in-progress');
  const ended =
    actions.end.data ?? (visit.status === 'ended' || visit.status === 'missed' ? visit : null);
  return (
    <div className="console-page visit-page">
      <Space className="visit-page__head" wrap>
        <Button onClick={() => navigate('/visits')}>Back to visits</Button>
        <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
          Visit with {chart.patient.name}
        </Typography.Title>
        <Typography.Text strong>{visitStatusLabels[(ended ?? visit).status]}</Typography.Text>
      </Space>
      <div className="visit-page__body">
        <div className="visit-page__call">
          {ended ? (
            <Result
              status="success"
              title="The visit has ended"
              subTitle={ended.outcome ? visitOutcomeLabels[ended.outcome] : undefined}
            />
          ) : inCall && visit.visitType === 2 ? (
            <Typography.Paragraph role="status">
              A phone visit: call the patient at{' '}
              {chart.patient.phone ?? 'the number on their order'}.
            </Typography.Paragraph>
          ) : inCall ? (
            <DoctorCall visit={visit} patientName={chart.patient.name} />
          ) : (
            <BeforeVisit
              visit={visit}
              starting={actions.start.isPending}
              error={actions.start.error}
              onStart={() => actions.start.mutate(undefined, { onSuccess: () => setInCall(true) })}
            />
          )}
          {!ended && (inCall || new Date() >= new Date(visit.startsAt)) ? (
            <EndVisit
              inProgress={inCall}
              saving={actions.end.isPending}
              error={actions.end.error}
              onEnd={(outcome, notes) => actions.end.mutate({ outcome, notes })}
              notes={chart.notes}
              onSaveNotes={(notes) => actions.saveNotes.mutate(notes)}
              notesSaved={actions.saveNotes.isSuccess}
            />
          ) : null}
        </div>
        <Chart chart={chart} visit={visit} />
      </div>
    </div>
  );
}

function BeforeVisit(props: {
  visit: VisitData;
  starting: boolean;
  error: unknown;
  onStart: () => void;
}) {
  const { visit } = props;
  const open = roomIsOpen(visit, new Date());
  return (
    <Space direction="vertical" size="middle">
      <Typography.Paragraph role="status">
        {visit.status === 'waiting'
          ? 'The patient is in the waiting room.'
          : 'The patient has not arrived yet.'}
        {open ? '' : ' The visit room opens 15 minutes before the visit time.'}
      </Typography.Paragraph>
      {props.error ? <Alert type="error" role="alert" title={apiErrorText(props.error)} /> : null}
      <Button
        type="primary"
        size="large"
        disabled={!open}
        loading={props.starting}
        onClick={props.onStart}
      >
        START VISIT
      </Button>
    </Space>
  );
}

function doctorStatus(state: CallState | null): string {
  switch (state?.phase) {
    case undefined:
    case 'connecting':
      return 'Connecting…';
    case 'waiting':
      return 'Waiting for the patient to join';
    case 'together':
      return state.remoteStream
        ? 'Connected with the patient'
        : 'The patient is in the waiting room. Connecting…';
    case 'reconnecting':
      return 'Your connection dropped. Reconnecting…';
    case 'ended':
      return 'The visit has ended';
    case 'refused':
      return state.refusal ?? 'You cannot join this visit.';
    case 'left':
      return 'You left the call. The visit is still in progress.';
  }
}

function DoctorCall({ visit, patientName }: { visit: VisitData; patientName: string }) {
  const client = useApiClient();
  const sessions = useStaffSessionStore();
  const media = useLocalMedia(true);
  const [joined, setJoined] = useState(true);
  const url = useMemo(() => visitRoomUrl(client, window.location.href), [client]);
  const call = useVisitCall({
    url,
    visitId: joined ? visit.orderId : null,
    token: () => sessions.token(),
    stream: media === null ? undefined : media.stream,
  });
  if (!joined) {
    return (
      <Space direction="vertical">
        <Typography.Paragraph>
          You left the call. The visit is still in progress.
        </Typography.Paragraph>
        <Button type="primary" onClick={() => setJoined(true)}>
          REJOIN THE CALL
        </Button>
      </Space>
    );
  }
  return (
    <>
      {media?.noCamera ? (
        <Alert
          type="warning"
          showIcon
          title="No camera: the patient hears you but cannot see you."
        />
      ) : null}
      <CallView
        localStream={media?.stream ?? null}
        remoteStream={call.state?.remoteStream ?? null}
        status={doctorStatus(call.state)}
        peerName={patientName}
        peerMedia={call.state?.peerMedia ?? null}
        media={call.state?.media ?? { audio: true, video: true }}
        inboundBytes={call.inboundBytes}
        phase={call.state?.phase ?? 'connecting'}
        onMedia={call.setMedia}
        onLeave={() => {
          call.leave();
          setJoined(false);
        }}
        leaveLabel="Leave call"
      />
    </>
  );
}

function EndVisit(props: {
  inProgress: boolean;
  saving: boolean;
  error: unknown;
  notes: string;
  notesSaved: boolean;
  onSaveNotes: (notes: string) => void;
  onEnd: (outcome: VisitOutcomeValue, notes: string) => void;
}) {
  const [notes, setNotes] = useState(props.notes);
  const [outcome, setOutcome] = useState<VisitOutcomeValue | null>(
    props.inProgress ? null : 'no-show',
  );
  const choices: VisitOutcomeValue[] = props.inProgress
    ? ['approved', 'declined', 'no-show']
    : ['no-show'];
  return (
    <section className="visit-page__end" aria-label="Notes and outcome">
      <h2 id="visit-notes-title" className="visit-page__subtitle">
        Notes
      </h2>
      <Input.TextArea
        aria-labelledby="visit-notes-title"
        value={notes}
        maxLength={NOTES_MAX}
        rows={5}
        onChange={(event) => setNotes(event.target.value)}
        onBlur={() => notes !== props.notes && props.onSaveNotes(notes)}
      />
      <Space>
        <Button onClick={() => props.onSaveNotes(notes)}>SAVE NOTES</Button>
        {props.notesSaved ? <Typography.Text type="secondary">Saved</Typography.Text> : null}
      </Space>
      <h2 className="visit-page__subtitle">Outcome</h2>
      <Radio.Group
        aria-label="Outcome"
        value={outcome}
        onChange={(event) => setOutcome(event.target.value as VisitOutcomeValue)}
        options={choices.map((value) => ({ value, label: visitOutcomeLabels[value] }))}
      />
      {props.error ? <Alert type="error" role="alert" title={apiErrorText(props.error)} /> : null}
      <Popconfirm
        title="End this visit?"
        description={outcome ? visitOutcomeLabels[outcome] : undefined}
        okText="END VISIT"
        onConfirm={() => outcome && props.onEnd(outcome, notes)}
        disabled={!outcome}
      >
        <Button type="primary" danger disabled={!outcome} loading={props.saving}>
          END VISIT
        </Button>
      </Popconfirm>
    </section>
  );
}

function Chart({ chart, visit }: { chart: VisitChartData; visit: VisitData }) {
  return (
    <aside className="visit-page__chart" aria-label="Chart">
      <Descriptions
        column={1}
        size="small"
        bordered
        items={[
          { key: 'time', label: 'Time', children: <VisitTimes visit={visit} /> },
          {
            key: 'order',
            label: 'Order',
            children: `${chart.visit.orderNumber ?? ''} (${chart.orderStatus})`,
          },
          { key: 'email', label: 'Email', children: chart.patient.email },
          { key: 'phone', label: 'Phone', children: chart.patient.phone ?? '—' },
          { key: 'dob', label: 'Date of birth', children: chart.patient.dateOfBirth ?? '—' },
          { key: 'state', label: 'State', children: visit.patient.state ?? '—' },
        ]}
      />
      <h2 className="visit-page__subtitle">Medications</h2>
      <ul>
        {chart.items.map((item) => (
          <li key={item.name}>
            {item.name} × {item.qty}
          </li>
        ))}
      </ul>
      <h2 className="visit-page__subtitle">Questionnaire</h2>
      {chart.answers.length === 0 ? (
        <Typography.Paragraph type="secondary">No answers.</Typography.Paragraph>
      ) : (
        <dl className="visit-page__answers">
          {chart.answers.map((answer) => (
            <div key={`${answer.product}-${answer.question}`}>
              <dt>{answer.question}</dt>
              <dd>{answer.answer}</dd>
            </div>
          ))}
        </dl>
      )}
      <h2 className="visit-page__subtitle">Documents</h2>
      {chart.documents.length === 0 ? (
        <Typography.Paragraph type="secondary">No documents.</Typography.Paragraph>
      ) : (
        <ul>
          {chart.documents.map((file) => (
            <li key={file.id}>
              {file.name} ({file.mimeType}, {new Date(file.createdAt).toLocaleDateString()}){' '}
              <StaffDocumentDownload
                patientId={chart.patient.userId}
                documentId={file.id}
                name={file.name}
              />
            </li>
          ))}
        </ul>
      )}
      <h2 className="visit-page__subtitle">Labs</h2>
      {chart.patient.userId ? (
        <StaffLabsPanel userId={chart.patient.userId} visitOrderId={visit.orderId} />
      ) : null}
    </aside>
  );
}
