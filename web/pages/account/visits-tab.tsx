import { usePatientVisits } from '../../../renderer/features/visits/use-patient-visit';
import { Loadable } from '../loadable';
import { useNow } from './use-now';
import { VisitCard } from './visit-card';

/** Every visit of the patient, newest first, each with its actions. */
export function VisitsTab({ identity }: { identity: string }) {
  const visits = usePatientVisits(identity);
  const now = useNow();
  return (
    <section aria-labelledby="visits-title" className="account-section">
      <h2 id="visits-title">Visits</h2>
      <Loadable query={visits} what="your visits">
        {visits.data?.length === 0 ? (
          <p>You have no visits yet.</p>
        ) : (
          <div className="visit-list">
            {(visits.data ?? []).map((visit) => (
              <VisitCard key={visit.orderId} visit={visit} now={now} />
            ))}
          </div>
        )}
      </Loadable>
    </section>
  );
}
