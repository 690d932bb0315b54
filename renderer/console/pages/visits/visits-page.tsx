import { Alert, Button, Table, Tag, Typography } from 'antd';
import { useNavigate } from 'react-router';
import type { VisitData } from '../../../../shared/contracts/visits';
import { apiErrorText } from '../../../components/api-error-text';
import { formatSlotTime, zoneAbbreviation } from '../../../features/scheduling/slot-time';
import { useDoctorVisits } from '../../../features/visits/use-doctor-visits';
import { visitStatusLabels } from '../../../features/visits/visit-labels';

const statusColors: Record<string, string> = {
  waiting: 'green',
  'in-progress': 'blue',
  missed: 'orange',
  ended: 'default',
  scheduled: 'default',
};

/** Both wall times of a visit: the doctor's own and the patient's. */
export function VisitTimes({ visit }: { visit: VisitData }) {
  const at = new Date(visit.startsAt);
  return (
    <span>
      {formatSlotTime(visit.startsAt, visit.doctor.timeZone)}{' '}
      {zoneAbbreviation(visit.doctor.timeZone, at)}
      <br />
      <Typography.Text type="secondary">
        Patient: {formatSlotTime(visit.startsAt, visit.patient.timeZone)}{' '}
        {zoneAbbreviation(visit.patient.timeZone, at)}
      </Typography.Text>
    </span>
  );
}

/** Visits (doctors): today's and upcoming visits, the waiting room's patients first to see. */
export default function VisitsPage() {
  const visits = useDoctorVisits();
  const navigate = useNavigate();
  const open = (visit: VisitData) => navigate(`/visits/${encodeURIComponent(visit.orderId)}`);
  return (
    <div className="console-page">
      <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
        Visits
      </Typography.Title>
      {visits.error ? <Alert type="error" role="alert" title={apiErrorText(visits.error)} /> : null}
      <Table<VisitData>
        rowKey="orderId"
        loading={visits.isPending}
        dataSource={visits.data ?? []}
        pagination={false}
        locale={{ emptyText: 'No visits today or later.' }}
        onRow={(visit) => ({ onDoubleClick: () => open(visit) })}
        columns={[
          { title: 'Time', key: 'time', render: (_, visit) => <VisitTimes visit={visit} /> },
          {
            title: 'Patient',
            key: 'patient',
            render: (_, visit) =>
              `${visit.patient.name}${visit.patient.state ? ` (${visit.patient.state})` : ''}`,
          },
          {
            title: 'Type',
            key: 'type',
            render: (_, visit) => (visit.visitType === 2 ? 'Phone' : 'Video'),
          },
          {
            title: 'Status',
            key: 'status',
            render: (_, visit) => (
              <Tag color={statusColors[visit.status]}>{visitStatusLabels[visit.status]}</Tag>
            ),
          },
          {
            title: '',
            key: 'open',
            render: (_, visit) => (
              <Button
                onClick={() => open(visit)}
                aria-label={`Open the visit of ${visit.patient.name}`}
              >
                Open
              </Button>
            ),
          },
        ]}
      />
    </div>
  );
}
