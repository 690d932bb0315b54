import { Alert, Flex } from 'antd';
import { useState } from 'react';
import type { EcpInviteData } from '../../../../shared/contracts/registration';
import { useApiClient } from '../../../app/api-context';
import { errorTextOf } from '../../../components/api-error-text';
import { AttachmentsPicker } from '../../../features/intake/components/attachments-picker';
import { PatientDetailsForm } from '../../../features/intake/components/patient-details-form';
import { attachIntakeDocument } from '../../../features/intake/intake-documents';
import { useInvitePatient } from '../../../features/intake/invite-patient';

interface Registered {
  name: string;
  data: EcpInviteData;
  attached: number;
  /** The attachments the server refused, with its message. */
  refused: string[];
}

/**
 * Registers one patient: the invitation to finish signing up goes to their email, and the
 * documents chosen (a prescription, an insurance card) are attached to the new patient.
 */
export function RegisterSection() {
  const client = useApiClient();
  const invite = useInvitePatient();
  const [done, setDone] = useState<Registered | null>(null);
  const [attachments, setAttachments] = useState<File[]>([]);
  const [attaching, setAttaching] = useState(false);
  const [resetKey, setResetKey] = useState(0);

  const attachAll = async (patientId: string) => {
    let attached = 0;
    const refused: string[] = [];
    // One at a time: each is a whole upload, and the ECP sees which failed.
    for (const file of attachments) {
      try {
        await attachIntakeDocument(client, patientId, file);
        attached += 1;
      } catch (error) {
        refused.push(`${file.name}: ${errorTextOf(error).message}`);
      }
    }
    return { attached, refused };
  };

  return (
    <Flex vertical gap={16}>
      {done ? (
        <Alert
          type={done.refused.length > 0 ? 'warning' : 'success'}
          showIcon
          closable={{ onClose: () => setDone(null) }}
          title={`${done.name} is registered.`}
          description={
            <>
              <p>
                {done.data.invitationSent
                  ? 'The invitation to finish signing up was emailed to the patient.'
                  : 'The invitation email could not be sent yet; it will be retried.'}
              </p>
              {done.attached > 0 ? (
                <p>
                  {done.attached === 1
                    ? '1 document attached.'
                    : `${done.attached} documents attached.`}
                </p>
              ) : null}
              {done.refused.map((line) => (
                <p key={line}>Not attached: {line}</p>
              ))}
            </>
          }
        />
      ) : null}
      <AttachmentsPicker
        key={resetKey}
        files={attachments}
        onChange={setAttachments}
        disabled={invite.isPending || attaching}
      />
      <PatientDetailsForm
        submitLabel="Register patient"
        submitting={invite.isPending || attaching}
        error={invite.error ?? undefined}
        resetKey={resetKey}
        onSubmit={async (values) => {
          setDone(null);
          // A refusal is shown by the form (invite.error); nothing is attached then.
          const data = await invite.mutateAsync(values).catch(() => null);
          if (!data) return;
          setAttaching(true);
          const result = await attachAll(data.patientId);
          setAttaching(false);
          setDone({ name: `${values.firstName} ${values.lastName}`, data, ...result });
          setAttachments([]);
          setResetKey((key) => key + 1);
        }}
      />
    </Flex>
  );
}
