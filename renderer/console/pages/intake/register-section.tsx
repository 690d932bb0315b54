import { Alert, Flex } from 'antd';
import { useState } from 'react';
import type { EcpInviteData } from '../../../../shared/contracts/registration';
import { PatientDetailsForm } from '../../../features/intake/components/patient-details-form';
import { useInvitePatient } from '../../../features/intake/invite-patient';

/** Registers one patient: the invitation to finish signing up goes to their email. */
export function RegisterSection() {
  const invite = useInvitePatient();
  const [done, setDone] = useState<{ name: string; data: EcpInviteData } | null>(null);
  const [resetKey, setResetKey] = useState(0);

  return (
    <Flex vertical gap={16}>
      {done ? (
        <Alert
          type="success"
          showIcon
          closable={{ onClose: () => setDone(null) }}
          title={`${done.name} is registered.`}
          description={
            done.data.invitationSent
              ? 'The invitation to finish signing up was emailed to the patient.'
              : 'The invitation email could not be sent yet; it will be retried.'
          }
        />
      ) : null}
      <PatientDetailsForm
        submitLabel="Register patient"
        submitting={invite.isPending}
        error={invite.error ?? undefined}
        resetKey={resetKey}
        onSubmit={(values) => {
          setDone(null);
          invite.mutate(values, {
            onSuccess: (data) => {
              setDone({ name: `${values.firstName} ${values.lastName}`, data });
              setResetKey((key) => key + 1);
            },
          });
        }}
      />
    </Flex>
  );
}
