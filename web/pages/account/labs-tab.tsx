import { useApiClient } from '../../../renderer/app/api-context';
import { LabList } from '../../../renderer/features/labs/lab-list';
import { patientLabFileUrl } from '../../../renderer/features/labs/labs-api';
import { usePatientLabs } from '../../../renderer/features/labs/use-labs';
import { useStorefront } from '../../app/storefront-context';
import { Loadable } from '../loadable';

/**
 * Health records, labs (spec §2): the labs a doctor ordered, with their status (ordered,
 * collected, resulted), DOWNLOAD LAB REQUISITION and, once in, DOWNLOAD LAB RESULTS.
 */
export function LabsTab({ identity }: { identity: string }) {
  const client = useApiClient();
  const storefront = useStorefront();
  const labs = usePatientLabs(identity, storefront.id);
  return (
    <section aria-labelledby="labs-title" className="account-section">
      <h2 id="labs-title">Labs</h2>
      <Loadable query={labs} what="your labs">
        {labs.data?.length === 0 ? (
          <p>You have no labs yet. When your doctor orders tests, the requisition appears here.</p>
        ) : (
          <LabList
            labs={labs.data ?? []}
            fileUrl={(labId, kind) => patientLabFileUrl(client, labId, kind)}
          />
        )}
      </Loadable>
    </section>
  );
}
