import { Alert, Button } from 'antd';
import { useEffect, useState } from 'react';
import { ErrorAlert } from '../../../renderer/components/error-alert';
import {
  useMyMedications,
  useSaveMedications,
} from '../../../renderer/features/profile/medications-api';
import { MedicationsField } from '../../../renderer/features/questionnaire/medications-field';
import { useMedicationSearch } from '../../../renderer/features/questionnaire/use-medication-search';
import { Loadable } from '../loadable';

/**
 * My medications (spec §1 "patients manage medications"): the medication search of spec §9
 * (two or more characters, NO MATCH FOUND, Save as Manual Entry?, I'm not taking any
 * medication, NONE). The same list fills the questionnaire's medication question.
 */
export function MedicationsTab({ identity }: { identity: string }) {
  const saved = useMyMedications(identity);
  const save = useSaveMedications(identity);
  const searchMedications = useMedicationSearch();
  const [draft, setDraft] = useState<string[] | undefined>(undefined);
  const [done, setDone] = useState(false);
  useEffect(() => {
    if (saved.data !== undefined) setDraft(saved.data ?? undefined);
  }, [saved.data]);
  const changed = JSON.stringify(draft) !== JSON.stringify(saved.data ?? undefined);

  return (
    <section aria-labelledby="medications-title" className="account-section">
      <h2 id="medications-title">My medications</h2>
      <p>What you take now, prescribed or not. Your doctor sees this list with your consult.</p>
      <Loadable query={saved} what="your medications">
        <form
          aria-label="My medications"
          onSubmit={(event) => {
            event.preventDefault();
            if (draft === undefined) return;
            save.mutate(draft, { onSuccess: () => setDone(true) });
          }}
        >
          <MedicationsField
            id="my-medications-search"
            value={draft}
            onChange={(next) => {
              setDraft(next);
              setDone(false);
            }}
            searchMedications={searchMedications}
            disabled={save.isPending}
          />
          <Button
            type="primary"
            htmlType="submit"
            disabled={draft === undefined || !changed}
            loading={save.isPending}
            className="account-section__action"
          >
            SAVE MEDICATIONS
          </Button>
          {done && !changed ? (
            <Alert type="success" showIcon message="Your medications are saved." role="status" />
          ) : null}
          {save.error ? <ErrorAlert error={save.error} /> : null}
        </form>
      </Loadable>
    </section>
  );
}
