import { Button, Card, Input, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import {
  MAX_PATIENT_QUERY_LENGTH,
  type PatientRow,
} from '../../../../shared/contracts/staff-patients';
import { apiErrorText } from '../../../components/api-error-text';
import { DataTable } from '../../../components/data-table/data-table';
import { useInfiniteRows } from '../../../components/data-table/use-infinite-rows';
import { PatientDetailsForm } from '../../../features/intake/components/patient-details-form';
import { PhoneOrderStepsBar } from '../../../features/phone-order/components/phone-order-steps-bar';
import { phoneOrderSteps } from '../../../features/phone-order/phone-order-steps';
import {
  patientColumns,
  patientKey,
  rowsOfPatientPage,
} from '../../../features/staff-patients/components/patient-columns';
import { useCreatePatient } from '../../../features/staff-patients/create-patient';
import { usePatientSearch } from '../../../features/staff-patients/search-patients';

const steps = phoneOrderSteps(null, false);

/**
 * The first step of a phone order: find the caller among the patients (name, email, phone or
 * date of birth), or register them on the spot (they sign in later with one-time passcodes).
 */
export function FindPatientStep({ onChosen }: { onChosen: (patientId: string) => void }) {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [draft, setDraft] = useState(q);
  const [creating, setCreating] = useState(false);
  const query = usePatientSearch(q);
  const { rows, status, paging } = useInfiniteRows(query, rowsOfPatientPage, apiErrorText);
  const create = useCreatePatient();

  useEffect(() => setDraft(q), [q]);
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
        <DataTable
          tableId="phone-order-patients"
          label="Patients"
          columns={patientColumns}
          rows={rows}
          rowKey={patientKey}
          status={status}
          error={query.error ? apiErrorText(query.error) : null}
          onRetry={() => void query.refetch()}
          emptyText={q ? `No patient matches "${q}".` : 'No patients yet.'}
          paging={paging}
          onOpenRow={openRow}
          scrollResetKey={q}
          toolbar={
            <>
              <Input.Search
                aria-label="Search patients"
                placeholder="Name, email, phone or date of birth (MM/DD/YYYY)"
                enterButton="Search"
                allowClear
                autoFocus
                maxLength={MAX_PATIENT_QUERY_LENGTH}
                value={draft}
                onChange={(event) => setDraft(event.target.value)}
                onSearch={(value) => {
                  const next = value.trim();
                  setParams(next ? { q: next } : {});
                }}
                style={{ width: 480 }}
              />
              <Button onClick={() => setCreating(true)}>New patient</Button>
            </>
          }
        />
      )}
    </div>
  );
}
