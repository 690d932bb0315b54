import { Typography } from 'antd';
import { useApiClient } from '../../app/api-context';
import { ErrorAlert } from '../../components/error-alert';
import { LabList } from './lab-list';
import { LabStaffActions } from './lab-staff-actions';
import { staffLabFileUrl } from './labs-api';
import { OrderLabsForm } from './order-labs-form';
import { useLabActions, useStaffPatientLabs } from './use-labs';

/**
 * A patient's labs in the console: the list with both PDFs, the sample and results actions,
 * and, for the doctor of a visit, the order form.
 */
export function StaffLabsPanel({
  userId,
  visitOrderId,
}: {
  userId: string;
  visitOrderId?: string;
}) {
  const client = useApiClient();
  const labs = useStaffPatientLabs(userId);
  const actions = useLabActions(userId);
  return (
    <section aria-label="Labs" className="staff-labs">
      {visitOrderId ? <OrderLabsForm orderId={visitOrderId} order={actions.order} /> : null}
      {labs.isPending ? <Typography.Text type="secondary">Loading labs…</Typography.Text> : null}
      {labs.error ? <ErrorAlert error={labs.error} /> : null}
      {labs.data?.length === 0 ? <p>No labs ordered.</p> : null}
      {labs.data?.length ? (
        <LabList
          labs={labs.data}
          fileUrl={(labId, kind) => staffLabFileUrl(client, labId, kind)}
          renderActions={(lab) => <LabStaffActions lab={lab} actions={actions} />}
        />
      ) : null}
    </section>
  );
}
