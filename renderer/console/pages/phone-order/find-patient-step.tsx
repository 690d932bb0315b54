import { Button, Card, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { PatientRow } from '../../../../shared/contracts/staff-patients';
import { PatientDetailsForm } from '../../../features/intake/components/patient-details-form';
import { PhoneOrderStepsBar } from '../../../features/phone-order/components/phone-order-steps-bar';
import { phoneOrderSteps } from '../../../features/phone-order/phone-order-steps';
import { PatientSearchTable } from '../../../features/staff-patients/components/patient-search-table';
import { useCreatePatient } from '../../../features/staff-patients/create-patient';

const steps = phoneOrderSteps(null, false);

/**
 * The first step of a phone order: find the caller among the patients (name, email, phone or
 * date of birth), or register them on the spot (they sign in later with one-time passcodes).
 */
export function FindPatientStep({ onChosen }: { onChosen: (patientId: string) => void }) {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [creating, setCreating] = useState(false);
  const create = useCreatePatient();

  const openRow = useCallback((row: PatientRow) => onChosen(row.userId), [onChosen]);

  return (
    <div className="console-page">
      <Typography.Title level={1} style={{ fontSize: 22, margin: 0 }}>
        Phone order
      </Typography.Title>
      <PhoneOrderStepsBar steps={steps} current="patient" />
      {creating ? (
        <Card title="New patient" size="small" className="phone-order-panel">
          <PatientDetailsForm
            submitLabel="Create patient and continue"
            submitting={create.isPending}
            error={create.error ?? undefined}
            onSubmit={({ phoneNumber, ...rest }) =>
              create.mutate(
                { ...rest, phone: phoneNumber },
                { onSuccess: (row) => onChosen(row.userId) },
              )
            }
            extraActions={
              <Button style={{ marginLeft: 8 }} onClick={() => setCreating(false)}>
                Cancel
              </Button>
            }
          />
        </Card>
      ) : (
        <PatientSearchTable
          tableId="phone-order-patients"
          q={q}
          onSearch={(next) => setParams(next ? { q: next } : {})}
          onOpenRow={openRow}
          extraTools={<Button onClick={() => setCreating(true)}>New patient</Button>}
        />
      )}
    </div>
  );
}
