import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Skeleton, Typography } from 'antd';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { apiErrorText } from '../../../components/api-error-text';
import { StaffRefillActions } from '../../../features/auto-refill/staff-refill-actions';
import { PatientProfile } from '../../../features/staff-patients/components/patient-profile';
import { usePatientView } from '../../../features/staff-patients/patient-view';
import { staffPatientKeys } from '../../../features/staff-patients/staff-patient-keys';
import { mayOpen } from '../../app/role-nav';
import { useSignedInStaff } from '../../app/session-context';
import { PatientDetailTabs } from './patient-detail-tabs';

/** One patient (each view is written to the audit log by the server), with "New phone order". */
export default function PatientPage() {
  const { patientId } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { user } = useSignedInStaff();
  const view = usePatientView(patientId);
  const queryClient = useQueryClient();

  if (view.isPending) return <Skeleton active />;
  if (view.isError) {
    return (
      <Flex vertical gap={16} align="flex-start">
        <Alert type="error" showIcon title={apiErrorText(view.error)} />
        <Button onClick={() => navigate('/patients')}>Back to patients</Button>
      </Flex>
    );
  }

  const { profile } = view.data;
  const tab = params.get('tab') ?? 'orders';
  return (
    <Flex vertical gap={16}>
      <Flex justify="space-between" align="center" gap={16} wrap>
        <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
          {profile.firstName} {profile.lastName}
        </Typography.Title>
        <Flex gap={8}>
          <Button onClick={() => navigate(-1)}>Back</Button>
          {mayOpen(user.role, 'phoneOrder') ? (
            <Button
              type="primary"
              disabled={profile.disabled}
              onClick={() => navigate(`/phone-order?patientId=${profile.userId}`)}
            >
              New phone order
            </Button>
          ) : null}
        </Flex>
      </Flex>
      <PatientProfile profile={profile} prescriber={view.data.prescriber} />
      <PatientDetailTabs
        view={view.data}
        activeTab={tab}
        onTabChange={(next) => setParams({ tab: next }, { replace: true })}
        onOpenOrder={
          mayOpen(user.role, 'orders') ? (orderId) => navigate(`/orders/${orderId}`) : undefined
        }
        renderRefillActions={
          mayOpen(user.role, 'phoneOrder')
            ? (refill) => (
                <StaffRefillActions
                  refill={refill}
                  onChanged={() =>
                    void queryClient.invalidateQueries({
                      queryKey: staffPatientKeys.view(profile.userId),
                    })
                  }
                />
              )
            : undefined
        }
      />
    </Flex>
  );
}
