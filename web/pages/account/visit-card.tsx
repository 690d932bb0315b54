import { Button, Space, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { formatSlotTime, patientTimeZone } from '../../../renderer/features/scheduling/slot-time';
import { visitActions } from '../../../renderer/features/visits/visit-actions';
import {
  visitOutcomeLabels,
  visitStatusLabels,
} from '../../../renderer/features/visits/visit-labels';
import type { VisitData } from '../../../shared/contracts/visits';

const patientStatusLabels = { ...visitStatusLabels, waiting: 'In the waiting room' };

/** One visit: when, with whom, its status, and its actions (spec §2 visit actions). */
export function VisitCard({ visit, now }: { visit: VisitData; now: Date }) {
  const timeZone = useMemo(patientTimeZone, []);
  const navigate = useNavigate();
  return (
    <article
      className="visit-card"
      aria-label={`Visit on ${formatSlotTime(visit.startsAt, timeZone)}`}
    >
      <Typography.Text strong>{formatSlotTime(visit.startsAt, timeZone)}</Typography.Text>
      <Typography.Text>
        {visit.visitType === 2 ? 'Phone visit' : 'Video visit'} with {visit.doctor.name}
        {visit.orderNumber ? ` · Order ${visit.orderNumber}` : ''}
      </Typography.Text>
      <span>
        <Tag>{patientStatusLabels[visit.status]}</Tag>
        {visit.outcome && visit.outcome !== 'no-show' ? (
          <Typography.Text type="secondary">{visitOutcomeLabels[visit.outcome]}</Typography.Text>
        ) : null}
      </span>
      <Space wrap>
        {visitActions(visit, now).map((action) => (
          <Button
            key={action.label}
            type={action.primary ? 'primary' : 'default'}
            onClick={() => navigate(action.href)}
          >
            {action.label}
          </Button>
        ))}
      </Space>
    </article>
  );
}
