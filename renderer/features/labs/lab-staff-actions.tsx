import { Button, Input, Space } from 'antd';
import { useRef, useState } from 'react';
import type { LabData } from '../../../shared/contracts/labs';
import type { LabTestCode } from '../../../shared/labs/lab-tests';
import { ErrorAlert } from '../../components/error-alert';
import type { useLabActions } from './use-labs';

type Actions = ReturnType<typeof useLabActions>;

interface ResultLine {
  value: string;
  unit: string;
  referenceRange: string;
}

const emptyLine: ResultLine = { value: '', unit: '', referenceRange: '' };

/** The inputs of one test's result line, with the contract's lengths. */
const resultFields: {
  field: keyof ResultLine;
  label: string;
  placeholder: string;
  maxLength: number;
}[] = [
  { field: 'value', label: 'result', placeholder: 'Result', maxLength: 40 },
  { field: 'unit', label: 'unit', placeholder: 'Unit', maxLength: 20 },
  {
    field: 'referenceRange',
    label: 'reference range',
    placeholder: 'Reference range',
    maxLength: 40,
  },
];

/**
 * What staff do to a lab before it has results: SAMPLE COLLECTED, ENTER RESULTS (a value per
 * ordered test, rendered to a PDF by the server) or UPLOAD RESULTS PDF (as the lab sent it).
 */
export function LabStaffActions({ lab, actions }: { lab: LabData; actions: Actions }) {
  const [entering, setEntering] = useState(false);
  const input = useRef<HTMLInputElement | null>(null);
  if (lab.status === 'resulted') return null;
  // The mutations are shared by every lab of the list: each lab shows only its own.
  const forThisLab = (variables: unknown) =>
    variables === lab.id || (variables as { labId?: string } | undefined)?.labId === lab.id;
  const busy = (mutation: { isPending: boolean; variables?: unknown }) =>
    mutation.isPending && forThisLab(mutation.variables);
  const failed = [actions.collected, actions.values, actions.file].find(
    (mutation) => mutation.error && forThisLab(mutation.variables),
  );
  return (
    <div className="lab-staff-actions">
      <Space wrap>
        {lab.status === 'ordered' ? (
          <Button
            loading={busy(actions.collected)}
            onClick={() => actions.collected.mutate(lab.id)}
          >
            SAMPLE COLLECTED
          </Button>
        ) : null}
        <Button onClick={() => setEntering((open) => !open)} aria-expanded={entering}>
          ENTER RESULTS
        </Button>
        <Button loading={busy(actions.file)} onClick={() => input.current?.click()}>
          UPLOAD RESULTS PDF
        </Button>
      </Space>
      <input
        ref={input}
        type="file"
        accept="application/pdf,.pdf"
        hidden
        aria-label={`Results PDF for ${lab.requisitionNumber}`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) actions.file.mutate({ labId: lab.id, file });
        }}
      />
      {entering ? (
        <ResultValuesForm lab={lab} actions={actions} onDone={() => setEntering(false)} />
      ) : null}
      {failed?.error ? <ErrorAlert error={failed.error} /> : null}
    </div>
  );
}

function ResultValuesForm({
  lab,
  actions,
  onDone,
}: {
  lab: LabData;
  actions: Actions;
  onDone: () => void;
}) {
  const [lines, setLines] = useState<Record<string, ResultLine>>({});
  const lineOf = (code: string) => lines[code] ?? emptyLine;
  const set = (code: string, field: keyof ResultLine, value: string) =>
    setLines((current) => ({ ...current, [code]: { ...lineOf(code), [field]: value } }));
  const values = lab.tests
    .map((test) => ({ test: test.code as LabTestCode, ...lineOf(test.code) }))
    .filter((line) => line.value.trim() !== '');
  return (
    <form
      className="lab-results-form"
      aria-label={`Results of ${lab.requisitionNumber}`}
      onSubmit={(event) => {
        event.preventDefault();
        actions.values.mutate({ labId: lab.id, values }, { onSuccess: onDone });
      }}
    >
      {lab.tests.map((test) => (
        <div key={test.code} className="lab-results-form__row">
          <span>{test.name}</span>
          {resultFields.map(({ field, label, placeholder, maxLength }) => (
            <Input
              key={field}
              aria-label={`${test.name} ${label}`}
              placeholder={placeholder}
              maxLength={maxLength}
              value={lineOf(test.code)[field]}
              onChange={(event) => set(test.code, field, event.target.value)}
            />
          ))}
        </div>
      ))}
      <Button
        type="primary"
        htmlType="submit"
        disabled={values.length === 0}
        loading={actions.values.isPending}
      >
        SAVE RESULTS
      </Button>
    </form>
  );
}
