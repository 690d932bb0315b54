import { Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { formatSlotTime, patientTimeZone } from '../../../renderer/features/scheduling/slot-time';
import {
  visitOutcomeLabels,
  visitStatusLabels,
} from '../../../renderer/features/visits/visit-labels';
import type { VisitData } from '../../../shared/contracts/visits';
import { VisitActionButtons } from './visit-action-buttons';

const patientStatusLabels = { ...visitStatusLabels, waiting: 'In the waiting room' };

/** One visit: when, with whom, its status, and its actions (spec §2 visit actions). */
export function VisitCard({ visit, now }: { visit: VisitData; now: Date }) {
  const timeZone = useMemo(patientTimeZone, []);
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
      <VisitActionButtons visit={visit} now={now} />
    </article>
  );
}
